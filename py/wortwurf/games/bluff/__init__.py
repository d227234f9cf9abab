"""TYP-DOM "Wer behält recht?": announcing and bluffing on the growing crossword (`rules`), on TYP-DOM's tiles,
table and word rules. Not registered yet: it joins the registry (a `GAME`) with its page."""
