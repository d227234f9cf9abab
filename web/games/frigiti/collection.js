// The Frigiti dictionary screen: the words a table chose to keep, with every
// definition and its author; export to a JSON file and import from one. The
// engine checks every file (and the stored list) before anything is shown or kept.
// An import is merged and written in one step, only if it fits: a failed or
// refused import leaves the stored dictionary exactly as it was. A word or one
// definition is deleted after a question asked in place; the deletions can be
// undone there one by one, latest first, until the next import or visit; the engine
// makes the new dictionary.

import { t } from "../../i18n.js";

const $ = (id) => document.getElementById(id);
const BYTES_PER_CHAR = 4; // UTF-8's most: a file larger than this many times the engine's limit is not read

/** The selector of card `at`'s delete button (`index`: its definition's; null: the word's). */
const deleteButton = ({ at, index }) =>
  `[data-act="ask"][data-at="${at}"]${index === null ? ":not([data-index])" : `[data-index="${index}"]`}`;

export function createCollectionScreen({ engine, ready, storage, report }) {
  let words = [];
  let asking = null; // the deletion asked about: {at, index} (index: a definition's, null for the word)
  let deleted = []; // the deletions to undo, latest last: {before, at, index, word, author, gone}
  let busy = false;

  /** The stored dictionary; one the engine cannot read is set aside (never overwritten) and said so. */
  async function load() {
    await ready;
    const stored = await storage.collection();
    words = [];
    asking = null;
    deleted = [];
    if (stored !== null) {
      try {
        words = (await engine("read_collection", JSON.stringify(stored))).words;
      } catch (error) {
        if (error.code !== "bad_collection") throw error;
        await storage.setAsideCollection();
        $("col-message").textContent = t("col.damaged");
      }
    }
    render();
  }

  /** The cards, each with its delete buttons; the question or the undo of a deletion where it was tapped;
   *  then the element `focus` selects is focused. */
  function render(focus = null) {
    const list = $("col-list");
    const undoing = deleted.at(-1); // (only the latest is offered: the places of earlier ones hold once it is undone)
    if (!words.length && !undoing) {
      const p = document.createElement("p");
      p.textContent = t("col.empty");
      list.replaceChildren(p);
      return;
    }
    const cards = words.map((entry, at) => {
      const article = document.createElement("article");
      const head = document.createElement("div");
      head.className = "row";
      const heading = document.createElement("h3");
      heading.textContent = entry.word;
      head.append(heading, button(t("col.delete"), { act: "ask", at }, t("col.delete.word", { word: entry.word })));
      const definitions = document.createElement("ul");
      entry.definitions.forEach(({ text, author }, index) => {
        const li = document.createElement("li");
        li.textContent = t("col.by", { text, author });
        if (entry.definitions.length > 1) { // a single one goes with its word
          li.append(" ", button(t("col.delete"), { act: "ask", at, index }, t("col.delete.definition", { author })));
        }
        if (asking?.at === at && asking.index === index) li.append(question(t("col.confirm.definition", { author })));
        definitions.append(li);
      });
      if (undoing?.at === at && !undoing.gone) {
        const place = definitions.children[undoing.index] ?? null;
        definitions.insertBefore(undoNote(undoing, document.createElement("li")), place);
      }
      article.append(head);
      if (asking?.at === at && asking.index === null) {
        article.append(question(t("col.confirm.word", { word: entry.word, count: entry.definitions.length })));
      }
      article.append(definitions);
      return article;
    });
    if (undoing?.gone) cards.splice(undoing.at, 0, undoNote(undoing, document.createElement("article")));
    list.replaceChildren(...cards);
    if (focus) list.querySelector(focus)?.focus();
  }

  function button(text, data, label = null) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    Object.assign(element.dataset, data);
    if (label) element.setAttribute("aria-label", label);
    return element;
  }

  /** The question before a deletion, with room to say why it failed. */
  function question(text) {
    const box = document.createElement("div");
    box.className = "row";
    const p = document.createElement("p");
    p.textContent = text;
    const status = document.createElement("p");
    status.className = "message";
    status.setAttribute("role", "status");
    box.append(p, button(t("col.confirm.yes"), { act: "delete" }), button(t("common.cancel"), { act: "cancel" }), status);
    return box;
  }

  /** What was deleted, and its undo, in `element` (the card's or the definition's place). */
  function undoNote({ word, author, index, gone }, element) {
    const note = document.createElement("span");
    note.id = "col-undo-note";
    note.textContent = gone || index === null ? t("col.deleted.word", { word }) : t("col.deleted.definition", { author });
    const undo = button(t("common.undo"), { act: "undo" });
    undo.setAttribute("aria-describedby", note.id);
    const status = document.createElement("span");
    status.className = "message";
    status.setAttribute("role", "status");
    element.append(note, " ", undo, " ", status);
    return element;
  }

  /** One deletion or undo at a time; a refusal or failed write is said in `region`, and nothing changes. */
  async function run(work, region) {
    if (busy) return;
    busy = true;
    try {
      await work();
    } catch (error) {
      report(error, region);
    } finally {
      busy = false;
    }
  }

  /** Write `collection`; only once it is stored, show it with `next` ({asking, deleted}). */
  async function store(collection, next, focus) {
    await storage.setCollection(collection);
    words = collection.words;
    ({ asking, deleted } = next);
    render(focus);
  }

  async function deleteAsked() {
    const { at, index } = asking;
    const { word, language, definitions } = words[at];
    const empty = await engine("empty_collection");
    const collection = index === null
      ? await engine("delete_word", { ...empty, words }, word, language)
      : await engine("delete_definition", { ...empty, words }, word, language, index);
    const gone = collection.words.length < words.length;
    const deletion = { before: { ...empty, words }, at, index, word, author: definitions[index]?.author, gone };
    await store(collection, { asking: null, deleted: [...deleted, deletion] }, '[data-act="undo"]');
  }

  $("col-list").addEventListener("click", (event) => {
    const target = event.target.closest("button[data-act]");
    if (!target || busy) return;
    const { act, at, index } = target.dataset;
    const region = target.parentElement.querySelector(".message");
    $("col-message").textContent = "";
    if (act === "ask") {
      asking = { at: Number(at), index: index === undefined ? null : Number(index) };
      render('[data-act="delete"]');
    } else if (act === "cancel") {
      const tapped = asking;
      asking = null;
      render(deleteButton(tapped));
    } else if (act === "delete") {
      run(deleteAsked, region);
    } else if (act === "undo") {
      const latest = deleted.at(-1);
      run(() => store(latest.before, { asking: null, deleted: deleted.slice(0, -1) }, deleteButton(latest)), region);
    }
  });

  async function exportFile() {
    const data = await engine("empty_collection");
    const blob = new Blob([JSON.stringify({ ...data, words }, null, 1)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "frigiti-woerterbuch.json";
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  async function importFile(file) {
    const limits = await engine("collection_limits");
    if (file.size > limits.chars * BYTES_PER_CHAR) {
      $("col-message").textContent = t("col.toolarge");
      return;
    }
    try {
      const incoming = await engine("read_collection", await file.text());
      // onto the stored words, not the ones shown: another tab may have kept a word since this screen opened
      const stored = (await storage.collection()) ?? (await engine("empty_collection"));
      const merged = await engine("merge_collection", stored, incoming);
      const size = new Blob([JSON.stringify(merged)]).size;
      if (size > (await storage.room())) {
        $("col-message").textContent = t("col.nofit");
        return;
      }
      await storage.setCollection(merged); // all or nothing; on failure the stored dictionary stays
      words = merged.words;
      asking = null;
      deleted = [];
      $("col-message").textContent = t("col.imported", { count: words.length });
      render();
    } catch (error) {
      report(error, $("col-message"));
    }
  }

  $("col-export").addEventListener("click", () => exportFile().catch((error) => report(error, $("col-message"))));
  $("col-import").addEventListener("click", () => $("col-file").click());
  $("col-file").addEventListener("change", () => {
    const [file] = $("col-file").files;
    $("col-file").value = "";
    if (file) importFile(file);
  });

  return {
    open() {
      $("col-message").textContent = "";
      return load();
    },
    relabel: () => render(),
  };
}
