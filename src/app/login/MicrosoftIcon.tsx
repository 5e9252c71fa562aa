import SvgIcon, { type SvgIconProps } from "@mui/material/SvgIcon";

/** The four-square Microsoft mark, as Microsoft's sign-in button guidelines show it. */
export function MicrosoftIcon(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 21 21" {...props}>
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </SvgIcon>
  );
}
