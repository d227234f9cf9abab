"""The one error the engine raises for bad input.

The page never shows `message` to players: it words the stable `code` and
`params` from its own German and English catalogues. `message` is for logs,
tests and developers.
"""

from __future__ import annotations

MESSAGES = {
    "unknown_game": "unknown game {game!r}",
    "unknown_call": "unknown engine call {name!r}",
    "bad_request": "an engine request is JSON of at most {max} characters, nested at most {depth} deep",
    "bad_state": "this game state is damaged or not from Wortwurf",
    "bad_call": "engine call {name!r} got the wrong arguments",
    "bad_players": "a game needs between {min} and {max} players",
    "bad_player_name": "a player name is one line showing 1 to {max} characters (at most {code_points} code points)",
    "bad_option": "option {option!r} has an invalid value",
    "too_many_players": "option {option!r} as chosen is for at most {most} players",
    "bad_seed": "the seed must be a whole number from 0 to 2**53 - 1",
    "bad_action": "an action is an object with a known 'type'",
    "game_over": "the game is over",
    "must_roll_first": "roll the dice before doing anything else",
    "turn_over": "the turn is over",
    "bad_dice": "choose dice by their numbers 0 to {last}, each once",
    "die_not_showing": "die {die} is not among the dice just rolled",
    "mixed_numbers": "all dice set aside must show the same number",
    "need_pair": "the first set-aside of a turn must be at least two dice of one number",
    "wrong_number": "this turn collects {number}s, not {face}s",
    "nothing_set_aside": "choose at least one die to set aside",
    "faces_required": "with dice at the table, enter what the dice show",
    "faces_need_real_dice": "the app rolls the dice in this game: faces are entered only when playing with real dice",
    "bad_faces": "enter exactly {count} faces, each 1 to 5, FOR, GET or IT",
    "too_many_syllables": "only {available} dice can still show {syllable}",
    "nothing_to_undo": "there is nothing to undo: dice that have rolled stay rolled",
    "corrupt_save": "this saved game is damaged or not from Wortwurf",
    "newer_save": "this game was saved by a newer Wortwurf (save format {version})",
    "no_rolls_left": "all three rolls are used: declare a word or pass",
    "die_locked": "with locked keeps, a kept die cannot be rolled again",
    "bad_letters": "enter one letter for each of the {count} dice rolled, as the dice can show",
    "die_used_twice": "each die may be used only once in a word",
    "joker_letter": "say which letter the joker (die {die}) stands for",
    "word_too_short": "a word needs at least {min} letters",
    "nothing_to_overrule": "there is no refused word to overrule",
    "wrong_phase": "that is not a step of this phase ({phase})",
    "word_chosen": "the word is chosen; no more rolling this round",
    "word_exists": "{word} is a word already: roll again (or keep it if the table agrees)",
    "bad_player": "no such player",
    "not_your_turn": "this is not a step for player {player} now, but for player {mover}",
    "not_your_seat": "a phone at the table acts only for its own seat ({seat})",
    "bad_message": "a message from a phone at the table has a whole number n and an act, or a call and its args",
    "not_for_guests": "a phone at the table may not ask {name!r} of the host",
    "bad_text": "a text is one line of 1 to {max} characters, without control characters",
    "already_done": "this player has done this step already",
    "bad_picks": "pick {count} different keywords, not the one of your own definition",
    "nothing_to_keep": "no round has been played yet",
    "bad_collection": "this file is not a Frigiti dictionary from Wortwurf, or it is damaged or too large",
    "too_many_definitions": "{word} would have more than {most} definitions; nothing was changed",
    "not_in_collection": "that word or definition is not in the dictionary (any more)",
    "deal_over": "this deal is over: start the next one",
    "deal_not_over": "the deal is still being played",
    "already_placed": "you have placed your word this turn",
    "bad_placement": "a placement is a list of tiles from your rack, each with a row and a column",
    "tile_not_in_rack": "that tile is not on your rack",
    "cell_taken": "the place {row},{col} is taken",
    "joker_letter_colour": "the {colour} joker stands for a letter of its colour (red: a vowel, black: a consonant)",
    "not_in_line": "all tiles of a word go in one row or one column",
    "not_contiguous": "the tiles must make one word without gaps",
    "must_cross": "the word must use at least one letter already on the table",
    "not_a_word": "{word} is not a word that counts",
    "no_race": "no race is on",
    "race_on": "a race is already on",
    "bad_time": "a race's time runs forward from where it was, up to the time limit",
    "bad_table": "a table holds the racer's own tiles, each at most once, showing their letters",
    "joker_colour": "a {colour} joker cannot stand for that letter",
    "presto_empty": "no tile is laid",
    "presto_apart": "the tiles do not all hang together",
    "presto_not_words": "not words: {words}",
    "presto_tiles_left": "{count} tiles are not laid",
    "bad_day": "a day is a date written YYYY-MM-DD",
    "bad_code": "this is not a code of a shared deal or table",
    "bad_seat": "a seat at a table of {players} is 1 to {players}",
    "bad_check": "the check code does not match this table and time",
    "start_in_middle": "the first tile of a deal lies in the middle",
    "not_at_an_end": "a tile goes at the front or the back of the word being built",
    "two_unfinished": "this tile would leave two words unfinished",
    "must_announce": "a new word starts with an announcement",
    "same_announcement": "{word} is the standing announcement: announce another word or build on it",
    "does_not_fit": "{word} cannot be finished around {fragment} on this table",
    "fragment_not_in_word": "{word} does not contain {fragment} as one run of letters",
    "can_start": "you can start a word crossing the crossword: only a player who cannot passes the start on",
    "bad_announcement": "an announcement is one word of letters",
    "must_finish": "{word} came back round: finish it or give up",
    "not_now": "that is not possible now",
    "cannot_draw": "only one tile may be drawn a turn, before laying, from a pool that has tiles",
    "does_not_finish": "these tiles do not finish {word}",
    "joker_in_fragment": "a joker of the word being built stays until it is finished",
    "no_joker_there": "there is no joker at that place",
    "joker_enclosed": "this joker is enclosed on three sides and stays",
    "swap_needs_letter": "to take the joker, give the tile {letter} it stands for",
    "bad_draw": "draw 1 to {most} tiles",
    "nothing_to_stop": "there is no second word to decline",
    "no_hint": "this game offers no hint",
    "not_computer": "it is not a computer player's turn",
    "not_on_dice": "the showing dice cannot lay {word}",
}


class IllegalAction(ValueError):
    """Bad input for the engine; raised before anything has changed."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        self.message = MESSAGES[code].format(**params)
        super().__init__(f"{code}: {self.message}")

    def as_dict(self) -> dict:
        return {"code": self.code, "params": self.params, "message": self.message}
