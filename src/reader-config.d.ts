/** The audio reader's build-time switch (src/integrations/reader.ts): true when a speech engine is available. */
declare module 'virtual:insurer/reader' {
  export const readerEnabled: boolean;
}
