// A platform's option fields live in options/OptionFields.tsx; Compose and its parts still
// import them from this path, which re-exports them until they import them from there.
export {
  type JsonSchema,
  OptionFields,
  type Options,
  optionSchema,
  useOptionSchemas,
} from './options/OptionFields.tsx';
