/** The stylesheet's text on the server, an empty string in the browser (see vite.config.ts). */
declare module 'virtual:inline-css' {
  const stylesheet: string;
  export default stylesheet;
}
