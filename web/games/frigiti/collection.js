// The Frigiti dictionary screen: the words a table chose to keep, with every
// definition and its author; export to a JSON file and import from one. The
// engine checks every file (and the stored list) before anything is shown or kept.
// An import is merged and written in one step, only if it fits: a failed or
// refused import leaves the stored dictionary exactly as it was.

import { t } from "../../i18n.js";

const $ = (id) => document.getElementById(id);
const BYTES_PER_CHAR = 4; // UTF-8's most: a file larger than this many times the engine's limit is not read

export function createCollectionScreen({ engine, ready, storage, report }) {
  let words = [];

  /** The stored dictionary; one the engine cannot read is set aside (never overwritten) and said so. */
  async function load() {
    await ready;
    const stored = await storage.collection();
    words = [];
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

  function render() {
    const list = $("col-list");
    if (!words.length) {
      const p = document.createElement("p");
      p.textContent = t("col.empty");
      list.replaceChildren(p);
      return;
    }
    list.replaceChildren(
      ...words.map((entry) => {
        const article = document.createElement("article");
        const heading = document.createElement("h3");
        heading.textContent = entry.word;
        const definitions = document.createElement("ul");
        for (const { text, author } of entry.definitions) {
          const li = document.createElement("li");
          li.textContent = t("col.by", { text, author });
          definitions.append(li);
        }
        article.append(heading, definitions);
        return article;
      }),
    );
  }

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
      const empty = await engine("empty_collection");
      const merged = await engine("merge_collection", { ...empty, words }, incoming);
      const size = new Blob([JSON.stringify(merged)]).size;
      if (size > (await storage.room())) {
        $("col-message").textContent = t("col.nofit");
        return;
      }
      await storage.setCollection(merged); // all or nothing; on failure the stored dictionary stays
      words = merged.words;
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
    relabel: render,
  };
}
