/** The brand's navigation colours live on the MUI palette as `menu`. */
export interface MenuPalette {
  main: string;
  textPrimary: string;
  textSecondary: string;
}

declare module "@mui/material/styles" {
  interface Palette {
    menu: MenuPalette;
  }
  interface PaletteOptions {
    menu?: MenuPalette;
  }
}
