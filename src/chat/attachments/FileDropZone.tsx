import Box from "@mui/material/Box";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { composerFilesActions } from "./composerFilesStore";
import { useUploadPolicy } from "./useUploadPolicy";

const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes("Files");

/**
 * The conversation pane as a drop target (spec §2 tour step 3: "or drag and
 * drop"): files dropped anywhere on it go to the composer like picked ones.
 */
export function FileDropZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const policy = useUploadPolicy();
  // dragenter / dragleave fire for every child crossed: count them to know when the drag really left.
  const depth = useRef(0);
  const [over, setOver] = useState(false);
  if (!policy) return <Box sx={{ position: "absolute", inset: 0 }}>{children}</Box>;

  return (
    <Box
      data-testid="file-drop-zone"
      sx={{ position: "absolute", inset: 0 }}
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        // Without this the browser would open the file instead of dropping it here.
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        composerFilesActions.add([...event.dataTransfer.files], policy);
      }}
    >
      {children}
      {over && (
        <Box
          aria-hidden
          sx={{
            position: "absolute",
            inset: 8,
            zIndex: 5,
            display: "grid",
            placeItems: "center",
            borderRadius: 4,
            border: 2,
            borderStyle: "dashed",
            borderColor: "primary.main",
            bgcolor: "rgba(255,255,255,.85)",
            color: "primary.main",
            fontWeight: 600,
            fontSize: 18,
            pointerEvents: "none",
          }}
        >
          {t("attachments.dropHere")}
        </Box>
      )}
    </Box>
  );
}
