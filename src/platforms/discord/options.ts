import { type Static, Type } from 'typebox';
import { DISCORD_MEDIA_RULES as R } from './media-rules.ts';

const text = (max: number, description: string) => Type.String({ maxLength: max, description });
const httpsUrl = (description: string) => Type.String({ format: 'uri', maxLength: 2048, description });

/** One rich embed (Discord's embed object, the fields a webhook may set). */
const Embed = Type.Object(
  {
    title: Type.Optional(text(R.embedTitleMax, 'Title of the embed.')),
    description: Type.Optional(text(R.embedDescriptionMax, 'Text of the embed (Markdown).')),
    url: Type.Optional(httpsUrl('Where the title links to.')),
    color: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 0xffffff, description: 'Colour of the left edge, 0xRRGGBB.' }),
    ),
    timestamp: Type.Optional(Type.String({ format: 'date-time', description: 'Time shown in the footer.' })),
    footer: Type.Optional(
      Type.Object({ text: text(R.embedFooterMax, 'Footer text.') }, { additionalProperties: false }),
    ),
    image: Type.Optional(
      Type.Object({ url: httpsUrl('Image shown large.') }, { additionalProperties: false }),
    ),
    thumbnail: Type.Optional(
      Type.Object({ url: httpsUrl('Image shown small, at the right.') }, { additionalProperties: false }),
    ),
    author: Type.Optional(
      Type.Object(
        { name: text(R.embedAuthorMax, 'Author line.'), url: Type.Optional(httpsUrl('Where it links to.')) },
        { additionalProperties: false },
      ),
    ),
    fields: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: text(R.embedFieldNameMax, 'Field name.'),
            value: text(R.embedFieldValueMax, 'Field value.'),
            inline: Type.Optional(Type.Boolean({ description: 'Shown beside the previous field.' })),
          },
          { additionalProperties: false },
        ),
        { maxItems: R.embedFieldsMax },
      ),
    ),
  },
  { additionalProperties: false },
);

/** DiscordConfigurations: how the channel's webhook sends the message (Execute Webhook fields). */
export const DiscordOptions = Type.Object(
  {
    embeds: Type.Optional(
      Type.Array(Embed, {
        maxItems: R.embedsMax,
        description: `Rich embeds under the text (at most ${R.embedsMax}; ${R.embedsTotalMax} characters of text in all of them together).`,
      }),
    ),
    threadName: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: R.threadNameMax,
        description:
          "A forum or media channel: the title of the new post (thread) the message opens (Discord's `thread_name`; required there, refused in other channels).",
      }),
    ),
    username: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: R.usernameMax,
        description: "The name the message shows instead of the webhook's own.",
      }),
    ),
    avatarUrl: Type.Optional(httpsUrl("The picture the message shows instead of the webhook's own.")),
    silent: Type.Optional(
      Type.Boolean({ description: 'No push or desktop notification (`SUPPRESS_NOTIFICATIONS`).' }),
    ),
    suppressEmbeds: Type.Optional(
      Type.Boolean({ description: 'No link previews under the message (`SUPPRESS_EMBEDS`).' }),
    ),
  },
  { additionalProperties: false, $id: 'DiscordConfigurations' },
);
export type DiscordOptions = Static<typeof DiscordOptions>;
