import { useEffect } from "react";
import { useNotificationContext, useTranslate } from "react-admin";
import { showToast } from "../../app/toast/toastStore";

/**
 * react-admin's own notifications (deleted, saved, request failed, …) shown
 * as the app's toasts: the admin has no react-admin <Layout> and so no
 * <Notification> of its own. Messages are translated through the admin's
 * i18nProvider (the product's messages).
 */
export function NotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  useEffect(() => {
    // One per run: takeNotification reads the list of this render, so a loop would take the
    // same one forever; taking it changes the list, which runs the effect again for the next.
    const next = notifications.length > 0 ? takeNotification() : undefined;
    if (!next || typeof next.message !== "string") return;
    const { message, type, notificationOptions } = next;
    showToast(translate(message, { _: message, ...notificationOptions?.messageArgs }), type);
  }, [notifications, takeNotification, translate]);
  return null;
}
