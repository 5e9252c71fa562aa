import type { RegistryWidgetsType } from "@rjsf/utils";
import { ActionMultiSelectWidget } from "./widgets/ActionMultiSelectWidget";
import { CloudGroupPickerWidget } from "./widgets/CloudGroupPickerWidget";
import { ImageUploadWidget } from "./widgets/ImageUploadWidget";
import { RecordChoicesWidget } from "./widgets/RecordChoicesWidget";
import { ReferencePickerWidget } from "./widgets/ReferencePickerWidget";
import { SecretWidget } from "./widgets/SecretWidget";

/**
 * The admin's custom widgets, named as uiSchemas name them
 * (`"ui:widget": "secret"`), beside rjsf's own MUI widgets.
 */
export const adminWidgets: RegistryWidgetsType = {
  actionMultiSelect: ActionMultiSelectWidget,
  cloudGroupPicker: CloudGroupPickerWidget,
  imageUpload: ImageUploadWidget,
  recordChoices: RecordChoicesWidget,
  referencePicker: ReferencePickerWidget,
  secret: SecretWidget,
};

/** Widgets that edit a field the schema marks readOnly (uploads sent beside the record), kept on create too. */
export const UPLOAD_WIDGETS: ReadonlySet<string> = new Set(["imageUpload"]);
