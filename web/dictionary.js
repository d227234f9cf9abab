// The dictionary screen: type a word, see whether it counts, in which game, and why.
// The verdicts come from the engine (wortwurf.dictionary.describe: each game's word rule); this only words them.

import { hasText, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function line(text, className) {
  const p = document.createElement("p");
  p.textContent = text;
  if (className) p.className = className;
  return p;
}

/** A game's verdict on a word the dictionary holds: it counts, or why not; a game may word its own
 *  (dict.<game>.known: Frigiti, where a known word is one to roll again). */
function verdict(game, info) {
  const why = info.why_not[game];
  if (why) return t("dict.no.why", { why: t(`why.${why}`) });
  return hasText(`dict.${game}.known`) ? t(`dict.${game}.known`) : t("dict.yes");
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
    for (const game of Object.keys(info.counts)) {
      const li = document.createElement("li");
      li.textContent = `${t(`game.${game}`)}: ${verdict(game, info)}`;
      if (game in info.why_not) li.className = info.counts[game] ? "yes" : "no";
      verdicts.append(li);
    }
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
