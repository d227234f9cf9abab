"""Build-time code that compiles the German lexicon from its pinned sources."""
