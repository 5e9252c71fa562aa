import { useContext } from "react";
import { NavContext, type NavContextValue } from "./NavContext";

/** The navigation state; spec §8: using it outside its provider is an error. */
export function useNavContext(): NavContextValue {
  const context = useContext(NavContext);
  if (!context) throw new Error("useNavContext must be used inside a NavProvider");
  return context;
}
