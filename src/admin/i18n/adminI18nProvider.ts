import type { I18nProvider, TranslateFunction } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import type { i18n as I18next } from "i18next";
import { i18next as appI18next } from "../../app/i18n/i18n";

/** Where enAdmin.json keeps the product's wording of react-admin's own labels: `ra.action.save` → `reactAdmin.action.save`. */
const PRODUCT_PREFIX = "reactAdmin";

type Options = Record<string, unknown> & { _?: string; smart_count?: number };

/**
 * react-admin's labels (buttons, pagination, empty states, notifications,
 * confirmations) through the product's i18n: a `ra.*` key is looked up in the
 * product's messages (enAdmin.json, section `reactAdmin`, i18next syntax,
 * `smart_count` as i18next's plural `count`), then in ra-language-english. Any
 * other key is a product key (`admin.items.brands`), else its `_` default;
 * a resource's name is its registry title.
 */
export function createAdminI18nProvider(
  resourceTitles: Readonly<Record<string, string>> = {},
  i18n: I18next = appI18next,
): I18nProvider {
  const english = polyglotI18nProvider(() => englishMessages, "en", { allowMissing: true });
  const translate: TranslateFunction = (key, options: Options = {}) => {
    // react-admin names a resource in its messages ("No %{name} found") by `resources.<name>.name`: the registry title.
    const resource = /^resources\.([^.]+)\.name$/.exec(key)?.[1];
    if (resource && resourceTitles[resource]) return resourceTitles[resource];
    const productKey = key.startsWith("ra.") ? `${PRODUCT_PREFIX}.${key.slice(3)}` : key;
    const values = options.smart_count === undefined ? options : { ...options, count: options.smart_count };
    if (i18n.exists(productKey)) return i18n.t(productKey as never, values as never) as unknown as string;
    if (key.startsWith("ra.")) return english.translate(key, options);
    return options._ ?? key;
  };
  return {
    translate,
    changeLocale: async (locale) => {
      await i18n.changeLanguage(locale);
    },
    getLocale: () => i18n.language,
  };
}
