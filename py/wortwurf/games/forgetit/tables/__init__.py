"""FOR-GET-IT's tables worked out ahead of time: `wins` and `wins_unseen` (kept in the sources, remade by
`python3 build.py forgetit-table`) and `solution` (made by each build, in the page's package only)."""
