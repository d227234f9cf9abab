// The dictionary screen: type a word, see whether it counts, in which game, and why.
// The verdicts come from the engine (wortwurf.words.describe); this only words them.

import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const GAMES = [
  ["DICEWORDS", "dicewords"],
  ["TYP-DOM", "typdom"],
];

function line(text, className) {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

export function createDictionaryScreen({ engine, ready, report }) {
  const result = $("dictionary-result");
  let last = null; // [typed text, answer] for re-wording after a language switch

  function render() {
    if (!last) return result.replaceChildren();
    const [typed, info] = last;
    if (info === "invalid") return result.replaceChildren(line(t("dict.invalid")));
    if (!info) return result.replaceChildren(line(t("dict.unknown", { word: typed.toUpperCase() })));
    const verdicts = document.createElement("ul");
    for (const [game, key] of GAMES) {
      const li = document.createElement("li");
      const why = info.why_not[key];
      li.textContent = `${game}: ${why ? t("dict.no.why", { why: t(`why.${why}`) }) : t("dict.yes")}`;
      li.className = info.counts[key] ? "yes" : "no";
      verdicts.append(li);
    }
    verdicts.append(Object.assign(document.createElement("li"), { textContent: `Frigiti: ${t("dict.frigiti.known")}` }));
    result.replaceChildren(
      line(t("dict.found", { word: info.word }), "found"),
      verdicts,
      line(t("dict.tags", { tags: info.tags.map((tag) => t(`tag.${tag}`)).join(", ") })),
      line(t("dict.sources", { sources: info.sources.map((source) => t(`source.${source}`)).join(", ") })),
    );
  }

  $("dictionary-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const typed = $("dictionary-word").value.trim();
    if (!typed) return;
    try {
      await ready;
      const info = /^[\p{L}]+$/u.test(typed) ? await engine("describe", typed) : "invalid";
      last = [typed, info];
      render();
    } catch (error) {
      report(error, result);
    }
  });

  return { relabel: render };
}
