import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

const STORAGE_KEY = 'gw.language';
export const LANGUAGES = ['en', 'zh-CN'] as const;

/** The saved choice, else the browser's preference (any zh-* is Chinese), else English. */
function initialLanguage(): string {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved;
  return navigator.languages?.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

export function setupI18n(): void {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
}

export function setLanguage(language: string): void {
  localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
