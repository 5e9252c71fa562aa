import { useEffect } from "react";
import { useProductName } from "../brand/useProductName";

/** Names the browser tab "<page> · <product>" (WCAG 2.4.2). */
export function useDocumentTitle(page?: string): void {
  const productName = useProductName();
  useEffect(() => {
    document.title = page ? `${page} · ${productName}` : productName;
  }, [page, productName]);
}
