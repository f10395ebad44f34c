import { type Static, Type } from 'typebox';
import { MediaFittingOptions } from '../shared/options.ts';

/** TelegramConfigurations: how the bot sends the message (Bot API sendMessage and send* fields). */
export const TelegramOptions = Type.Object(
  {
    ...MediaFittingOptions,
    parseMode: Type.Optional(
      Type.Enum(['HTML', 'MarkdownV2', 'Markdown'], {
        description:
          "How Telegram reads formatting in the text or caption (its `parse_mode`); absent: plain text. The text's length limit counts the characters left after the markup.",
      }),
    ),
    silent: Type.Optional(
      Type.Boolean({ description: 'Send without a notification sound (`disable_notification`).' }),
    ),
    protectContent: Type.Optional(
      Type.Boolean({ description: 'Members can not forward or save the message (`protect_content`).' }),
    ),
    disableLinkPreview: Type.Optional(
      Type.Boolean({
        description: 'No preview of the first link in a text message (`link_preview_options`).',
      }),
    ),
  },
  { additionalProperties: false, $id: 'TelegramConfigurations' },
);
export type TelegramOptions = Static<typeof TelegramOptions>;
