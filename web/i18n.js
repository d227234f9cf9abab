// German and English texts. The engine speaks in codes and parameters; the
// catalogues turn them into words. Parameters are inserted as text, never HTML.
// The catalogues are web/text/*.json (the interface, the engine's errors) and
// each game's web/games/<id>/text.json, every entry [German, English]; the
// build merges them into texts.js.

import { LANGUAGES, TEXTS } from "./texts.js";

let language = LANGUAGES[0];
const plurals = {}; // Intl.PluralRules by language

export function setLanguage(lang) {
  language = LANGUAGES.includes(lang) ? lang : LANGUAGES[0];
  document.documentElement.lang = language;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  reword();
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of document.querySelectorAll("[data-lang]")) el.setAttribute("aria-pressed", String(el.dataset.lang === language));
}

export function getLanguage() {
  return language;
}

/** Whether there is a text for `key`. */
export const hasText = (key) => key in TEXTS;

/** The text for `key` in the current language with `{name}` filled in from `params` (a list of paragraphs
 *  for prose); the key itself if there is none. `{name|one|other}` picks a word by the number in `name`,
 *  by the language's plural rules: "{points} {points|Punkt|Punkte}". */
export function t(key, params = {}) {
  const texts = TEXTS[key];
  if (!texts) return key;
  const plural = (plurals[language] ??= new Intl.PluralRules(language));
  const fill = (text) => text
    .replace(/\{([\w@/-]+)\|([^|{}]*)\|([^|{}]*)\}/g, (m, name, one, other) =>
      (name in params ? (plural.select(Number(params[name])) === "one" ? one : other) : m))
    .replace(/\{([\w@/-]+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  const text = texts[LANGUAGES.indexOf(language)];
  return typeof text === "string" ? fill(text) : text.map(fill);
}

export function errorText(error) {
  return t(`error.${error.code}`, error.params || {});
}

const said = new Map(); // element -> {key, params, text}: what `say` put there

/** Say `t(key, params)` in `element`, kept as its key and parameters so that a change of language words it
 *  again; `say(element)` empties it. A message said in German never stays on an English screen. */
export function say(element, key = "", params = {}) {
  const text = key ? t(key, params) : "";
  element.textContent = text;
  if (key) said.set(element, { key, params, text });
  else said.delete(element);
}

/** A new language: what `say` said is worded again, unless something else was written there since; any other
 *  message (`.message[role=status]`) is emptied, since its words are the old language's. */
function reword() {
  for (const message of document.querySelectorAll(".message[role=status]")) {
    if (said.get(message)?.text !== message.textContent) message.textContent = "";
  }
  for (const [element, { key, params, text }] of said) {
    if (element.textContent !== text) said.delete(element);
    else say(element, key, params);
  }
}

