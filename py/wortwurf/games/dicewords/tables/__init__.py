"""DICEWORDS' word keys, worked out ahead of time: the build puts `keys` here in the page's package."""
