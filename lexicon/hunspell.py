"""Expand a Hunspell dictionary (.aff + .dic) into the word forms it accepts.

Written for igerman98's de_DE (npm `dictionary-de@3.0.0`), whose stems only
become a word list once their affix rules are applied. Kept to the Hunspell
features that dictionary relies on: PFX/SFX classes with strip, add and
condition; cross products; continuation classes (a second suffix, prefixes
enabled by a suffix); NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD, CIRCUMFIX.
Compounds are not generated: only forms Hunspell accepts as a word on their
own come out. Directives that would silently change the result if ignored
(AF, COMPLEXPREFIXES, FULLSTRIP, IGNORE) are refused instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

UNSUPPORTED = ("AF", "COMPLEXPREFIXES", "FULLSTRIP", "IGNORE")

# A condition element: a bracket class ("[^aeiou]") or one character.
_CONDITION_ELEMENT = re.compile(r"\[(\^?)([^\]]*)\]|(.)")
# Hunspell's morphological fields ("po:noun") start after blank + two chars.
_MORPH_FIELD = re.compile(r"[ \t](?=..:)")


class Form(NamedTuple):
    """One accepted word form; an abbreviation comes without its final dot."""

    text: str
    abbreviation: bool


@dataclass(frozen=True)
class Affix:
    """One PFX/SFX rule: remove `strip`, attach `add`, where `condition` holds.

    The condition is tested on the word before stripping, at its start for a
    prefix and at its end for a suffix. `edge` is the condition element next
    to that word edge (None: any character); it lets a class skip rules
    cheaply.
    """

    is_prefix: bool
    cross: bool
    strip: str
    add: str
    cont: tuple[str, ...]
    condition: re.Pattern[str]
    condition_length: int
    edge: re.Pattern[str] | None
    only_in_compound: bool
    needs_affix: bool
    circumfix: bool

    def admits_edge(self, char: str) -> bool:
        """Whether a word with this first (prefix) / last (suffix) character may fit."""
        strip_edge = self.strip[:1] if self.is_prefix else self.strip[-1:]
        if strip_edge and strip_edge != char:
            return False
        return self.edge is None or self.edge.fullmatch(char) is not None

    def apply(self, word: str) -> str | None:
        """The affixed form, or None when the rule does not fit `word`."""
        if len(word) <= len(self.strip):
            return None
        if self.is_prefix:
            if word.startswith(self.strip) and self.condition.match(word):
                return self.add + word[len(self.strip):]
            return None
        start = len(word) - self.condition_length
        if start >= 0 and word.endswith(self.strip) and self.condition.fullmatch(word, start):
            return word[: len(word) - len(self.strip)] + self.add
        return None


class AffixClass:
    """The rules sharing one flag, in file order, looked up by the word's edge character."""

    def __init__(self, rules: Iterable[Affix]):
        self.rules = tuple(rules)
        self._by_edge: dict[str, tuple[Affix, ...]] = {}

    def fitting(self, word: str) -> Iterator[tuple[str, Affix]]:
        """Every (form, rule) this class produces from `word`."""
        char = word[0] if self.rules[0].is_prefix else word[-1]
        candidates = self._by_edge.get(char)
        if candidates is None:
            candidates = tuple(rule for rule in self.rules if rule.admits_edge(char))
            self._by_edge[char] = candidates
        for rule in candidates:
            form = rule.apply(word)
            if form is not None:
                yield form, rule


@dataclass(frozen=True)
class Affixes:
    """What the expansion needs from an .aff file."""

    flag_mode: str  # "char", "long", "num" or "UTF-8"
    prefixes: dict[str, AffixClass]
    suffixes: dict[str, AffixClass]
    needaffix: str | None
    onlyincompound: str | None
    forbiddenword: str | None

    def flags(self, text: str) -> tuple[str, ...]:
        """Decode a .dic flag string."""
        return decode_flags(text, self.flag_mode)


def decode_flags(text: str, mode: str) -> tuple[str, ...]:
    """Split a flag string per the FLAG directive (one char, two chars, or
    comma-separated numbers); order kept, repeats dropped."""
    if not text:
        return ()
    if mode == "long":
        flags = [text[i : i + 2] for i in range(0, len(text), 2)]
    elif mode == "num":
        flags = [str(int(number)) for number in text.split(",")]
    else:
        flags = list(text)
    return tuple(dict.fromkeys(flags))


def _condition_elements(text: str) -> list[str]:
    """Regex pieces, one per matched character; "." alone means no condition."""
    if text == ".":
        return []
    elements = []
    for match in _CONDITION_ELEMENT.finditer(text):
        negated, members, char = match.groups()
        if char is None:
            elements.append(f"[{negated}{''.join(re.escape(c) for c in members)}]")
        else:
            elements.append("." if char == "." else re.escape(char))
    return elements


@dataclass(frozen=True)
class _RawRule:
    """An affix line before the flag directives (which may follow it) are known."""

    is_prefix: bool
    flag: str
    cross: bool
    strip: str
    add: str
    cont: str
    condition: str


def _affix_field(text: str) -> str:
    """Strip and add fields write the empty string as "0"."""
    return "" if text == "0" else text


def _read_block(lines: list[list[str]], at: int) -> tuple[list[_RawRule], int]:
    """The rules of the PFX/SFX header at `at`; also the index after the block."""
    kind, flag, cross, count = lines[at][:4]
    rules = []
    for fields in lines[at + 1 : at + 1 + int(count)]:
        if fields[:2] != [kind, flag] or len(fields) < 4:
            raise ValueError(f"malformed {kind} {flag} rule: {' '.join(fields)}")
        add, _, cont = fields[3].partition("/")
        rules.append(
            _RawRule(
                is_prefix=kind == "PFX",
                flag=flag,
                cross=cross == "Y",
                strip=_affix_field(fields[2]),
                add=_affix_field(add),
                cont=cont,
                condition=fields[4] if len(fields) > 4 else ".",
            )
        )
    return rules, at + 1 + int(count)


def _build_rule(raw: _RawRule, directives: dict[str, str], mode: str) -> Affix:
    """Compile the condition and note which directive flags the continuation carries."""
    elements = _condition_elements(raw.condition)
    cont = decode_flags(raw.cont, mode)
    edge = (elements[0] if raw.is_prefix else elements[-1]) if elements else None
    return Affix(
        is_prefix=raw.is_prefix,
        cross=raw.cross,
        strip=raw.strip,
        add=raw.add,
        cont=cont,
        condition=re.compile("".join(elements)),
        condition_length=len(elements),
        edge=re.compile(edge) if edge else None,
        only_in_compound=directives.get("ONLYINCOMPOUND") in cont,
        needs_affix=directives.get("NEEDAFFIX") in cont,
        circumfix=directives.get("CIRCUMFIX") in cont,
    )


def parse_aff(text: str) -> Affixes:
    """Read the affix rules and the flag directives that decide what is a word."""
    lines = [line.split() for line in text.lstrip("\ufeff").splitlines()]
    lines = [fields for fields in lines if fields and not fields[0].startswith("#")]
    directives: dict[str, str] = {}
    raw_rules: list[_RawRule] = []
    at = 0
    while at < len(lines):
        fields = lines[at]
        if fields[0] in UNSUPPORTED:
            raise ValueError(f"unsupported .aff directive: {fields[0]}")
        if fields[0] in ("PFX", "SFX"):
            rules, at = _read_block(lines, at)
            raw_rules.extend(rules)
            continue
        if len(fields) > 1:
            directives.setdefault(fields[0], fields[1])
        at += 1
    mode = directives.get("FLAG", "char")
    decoded = {
        name: decode_flags(directives[name], mode)[0]
        for name in ("NEEDAFFIX", "ONLYINCOMPOUND", "FORBIDDENWORD", "CIRCUMFIX")
        if name in directives
    }
    prefixes: dict[str, list[Affix]] = {}
    suffixes: dict[str, list[Affix]] = {}
    for raw in raw_rules:
        rules = prefixes if raw.is_prefix else suffixes
        rules.setdefault(raw.flag, []).append(_build_rule(raw, decoded, mode))
    return Affixes(
        flag_mode=mode,
        prefixes={flag: AffixClass(rules) for flag, rules in prefixes.items()},
        suffixes={flag: AffixClass(rules) for flag, rules in suffixes.items()},
        needaffix=decoded.get("NEEDAFFIX"),
        onlyincompound=decoded.get("ONLYINCOMPOUND"),
        forbiddenword=decoded.get("FORBIDDENWORD"),
    )


def parse_dic_line(line: str) -> tuple[str, str]:
    """(stem, flag string) of one .dic line, without morphological fields.

    A tab or a blank before "xx:" starts the morphological part; "\\/" is a
    slash inside the stem, and a slash in first position belongs to the stem.
    """
    entry = line.split("\t", 1)[0]
    morph = _MORPH_FIELD.search(entry)
    if morph:
        entry = entry[: morph.start()]
    entry = entry.rstrip()
    slash = entry.find("/", 1)
    while slash != -1 and entry[slash - 1] == "\\":
        slash = entry.find("/", slash + 1)
    stem, flags = (entry, "") if slash == -1 else (entry[:slash], entry[slash + 1 :])
    return stem.replace("\\/", "/"), flags


def _applied(
    classes: dict[str, AffixClass], flags: Iterable[str], word: str
) -> Iterator[tuple[str, Affix]]:
    """Every (form, rule) from the classes named by `flags`."""
    for flag in flags:
        affix_class = classes.get(flag)
        if affix_class is not None:
            yield from affix_class.fitting(word)


def _suffix_chains(
    affixes: Affixes, stem: str, flags: tuple[str, ...]
) -> Iterator[tuple[str, tuple[Affix, ...]]]:
    """Forms with one suffix, and with a second one that the first's continuation allows."""
    for form, rule in _applied(affixes.suffixes, flags, stem):
        yield form, (rule,)
        for outer_form, outer in _applied(affixes.suffixes, rule.cont, form):
            yield outer_form, (rule, outer)


def _standalone(rules: tuple[Affix, ...]) -> bool:
    """Whether an affix combination forms a word on its own (not only in compounds).

    Every affix rule needs a partner if it carries NEEDAFFIX; a CIRCUMFIX
    prefix needs a CIRCUMFIX suffix and vice versa.
    """
    if any(rule.only_in_compound for rule in rules) or all(rule.needs_affix for rule in rules):
        return False
    marked = [rule.is_prefix for rule in rules if rule.circumfix]
    return not marked or (any(marked) and not all(marked))


def _prefix_flags(flags: tuple[str, ...], chain: tuple[Affix, ...]) -> tuple[str, ...]:
    """The stem's flags plus those a suffix's continuation class adds."""
    if not any(rule.cont for rule in chain):
        return flags
    return tuple(dict.fromkeys(flags + tuple(flag for rule in chain for flag in rule.cont)))


def stem_forms(affixes: Affixes, stem: str, flags: tuple[str, ...]) -> Iterator[str]:
    """Every standalone form of one stem, in a fixed order, possibly repeated.

    A prefix goes onto the suffixed form (its condition is tested there) and
    only when the prefix and every suffix allow cross products.
    """
    if affixes.needaffix not in flags:
        yield stem
    for form, chain in [(stem, ()), *_suffix_chains(affixes, stem, flags)]:
        if chain and _standalone(chain):
            yield form
        if not all(rule.cross for rule in chain):
            continue
        for prefixed, prefix in _applied(affixes.prefixes, _prefix_flags(flags, chain), form):
            if (prefix.cross or not chain) and _standalone((prefix, *chain)):
                yield prefixed


def _stems(affixes: Affixes, dic_text: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(stem, flags) per .dic entry; the first line (the entry count) is skipped."""
    for line in dic_text.lstrip("\ufeff").splitlines()[1:]:
        stem, flags = parse_dic_line(line)
        if stem:
            yield stem, affixes.flags(flags)


def _forbidden_forms(affixes: Affixes, stems: list[tuple[str, tuple[str, ...]]]) -> set[str]:
    """FORBIDDENWORD stems with their affixed forms, which Hunspell rejects.

    An affixed form that another entry lists as a word of its own stays
    allowed: Hunspell finds that entry before it tries the affixes.
    """
    restricted = {affixes.forbiddenword, affixes.needaffix, affixes.onlyincompound}
    listed = {stem for stem, flags in stems if restricted.isdisjoint(flags)}
    forbidden = [(stem, flags) for stem, flags in stems if affixes.forbiddenword in flags]
    affixed = {form for stem, flags in forbidden for form in stem_forms(affixes, stem, flags)}
    return {stem for stem, _ in forbidden} | (affixed - listed)


def expand(aff_text: str, dic_text: str) -> Iterator[Form]:
    """Every distinct form the dictionary accepts as a word on its own, in .dic order.

    A stem flagged ONLYINCOMPOUND yields nothing (not even affixed forms, as in
    Hunspell). A FORBIDDENWORD stem and its affixed forms are removed from the
    result, whichever stem produces them. Forms of a stem ending in "."
    are abbreviations and come without that dot.
    """
    affixes = parse_aff(aff_text)
    stems = list(_stems(affixes, dic_text))
    forbidden = _forbidden_forms(affixes, stems)
    seen: set[Form] = set()
    for stem, flags in stems:
        if affixes.forbiddenword in flags or affixes.onlyincompound in flags:
            continue
        abbreviation = stem.endswith(".")
        for form in stem_forms(affixes, stem, flags):
            if form in forbidden:
                continue
            result = Form(form[:-1] if abbreviation and form.endswith(".") else form, abbreviation)
            if result not in seen:
                seen.add(result)
                yield result
