"""Expand a Hunspell dictionary (.aff + .dic) into the word forms it accepts,
and into the parts it accepts compounds of.

Written for igerman98's de_DE (npm `dictionary-de@3.0.0`), whose stems only
become a word list once their affix rules are applied. Kept to the Hunspell
features that dictionary relies on: PFX/SFX classes with strip, add and
condition; cross products; continuation classes (a second suffix, prefixes
enabled by a suffix); NEEDAFFIX, ONLYINCOMPOUND, FORBIDDENWORD, CIRCUMFIX.
`expand` gives the forms Hunspell accepts as a word on their own; compounds
are not generated. `compound_parts` gives the forms Hunspell accepts as the
first, a middle or the last part of a compound (COMPOUNDBEGIN, -MIDDLE, -END,
COMPOUNDPERMITFLAG, COMPOUNDMIN), so that compounds can be checked at lookup.
`origins` gives each standalone form with its stem and flags, whose flags tell
a noun from a name.
Directives that would silently change the result if ignored (AF,
COMPLEXPREFIXES, FULLSTRIP, IGNORE; for compound parts also those listed in
COMPOUND_UNSUPPORTED) are refused instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

UNSUPPORTED = ("AF", "COMPLEXPREFIXES", "FULLSTRIP", "IGNORE")
# Compounding that parts with begin/middle/end roles cannot express: other ways
# to mark parts, and checks on how neighbouring parts combine.
COMPOUND_UNSUPPORTED = (
    "COMPOUNDFLAG", "COMPOUNDRULE", "COMPOUNDFORBIDFLAG", "COMPOUNDROOT", "COMPOUNDMORESUFFIXES",
    "COMPOUNDWORDMAX", "COMPOUNDSYLLABLE", "SYLLABLENUM", "FORCEUCASE", "CHECKCOMPOUNDCASE",
    "CHECKCOMPOUNDDUP", "CHECKCOMPOUNDREP", "CHECKCOMPOUNDTRIPLE", "SIMPLIFIEDTRIPLE",
    "CHECKCOMPOUNDPATTERN",
)
# Hunspell's COMPOUNDMIN when the .aff does not set it.
DEFAULT_COMPOUNDMIN = 3

# A condition element: a bracket class ("[^aeiou]") or one character.
_CONDITION_ELEMENT = re.compile(r"\[(\^?)([^\]]*)\]|(.)")
# Hunspell's morphological fields ("po:noun") start after blank + two chars.
_MORPH_FIELD = re.compile(r"[ \t](?=..:)")


class Form(NamedTuple):
    """One accepted word form; an abbreviation comes without its final dot."""

    text: str
    abbreviation: bool


class Part(NamedTuple):
    """A form Hunspell accepts inside compounds: as the first part, a middle one, the last one."""

    text: str
    begin: bool
    middle: bool
    end: bool


@dataclass(frozen=True)
class Affix:
    """One PFX/SFX rule: remove `strip`, attach `add`, where `condition` holds.

    The condition is tested on the word before stripping, at its start for a
    prefix and at its end for a suffix. `edge` is the condition element next
    to that word edge (None: any character); it lets a class skip rules
    cheaply.
    """

    is_prefix: bool
    flag: str
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
class Compounding:
    """The flags that mark compound parts (None: not set) and the shortest part allowed."""

    begin: str | None
    middle: str | None
    end: str | None
    permit: str | None
    min_length: int


@dataclass(frozen=True)
class Affixes:
    """What the expansion needs from an .aff file."""

    flag_mode: str  # "char", "long", "num" or "UTF-8"
    prefixes: dict[str, AffixClass]
    suffixes: dict[str, AffixClass]
    needaffix: str | None
    onlyincompound: str | None
    forbiddenword: str | None
    compounding: Compounding

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
        flag=raw.flag,
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
        for name in (
            "NEEDAFFIX", "ONLYINCOMPOUND", "FORBIDDENWORD", "CIRCUMFIX",
            "COMPOUNDBEGIN", "COMPOUNDMIDDLE", "COMPOUNDEND", "COMPOUNDPERMITFLAG",
        )
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
        compounding=Compounding(
            begin=decoded.get("COMPOUNDBEGIN"),
            middle=decoded.get("COMPOUNDMIDDLE"),
            end=decoded.get("COMPOUNDEND"),
            permit=decoded.get("COMPOUNDPERMITFLAG"),
            min_length=int(directives.get("COMPOUNDMIN", DEFAULT_COMPOUNDMIN)),
        ),
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


def _derivations(
    affixes: Affixes, stem: str, flags: tuple[str, ...]
) -> Iterator[tuple[str, Affix | None, tuple[Affix, ...]]]:
    """Every (form, prefix, suffixes) the stem's flags produce, in a fixed order.

    A prefix goes onto the suffixed form (its condition is tested there) and
    only when the prefix and every suffix allow cross products.
    """
    for form, chain in [(stem, ()), *_suffix_chains(affixes, stem, flags)]:
        yield form, None, chain
        if not all(rule.cross for rule in chain):
            continue
        for prefixed, prefix in _applied(affixes.prefixes, _prefix_flags(flags, chain), form):
            if prefix.cross or not chain:
                yield prefixed, prefix, chain


def _standalone_derivations(
    affixes: Affixes, stem: str, flags: tuple[str, ...]
) -> Iterator[tuple[str, Affix | None, tuple[Affix, ...]]]:
    """The derivations of one stem that form a word on their own."""
    for form, prefix, chain in _derivations(affixes, stem, flags):
        rules = chain if prefix is None else (prefix, *chain)
        if _standalone(rules) if rules else affixes.needaffix not in flags:
            yield form, prefix, chain


def stem_forms(affixes: Affixes, stem: str, flags: tuple[str, ...]) -> Iterator[str]:
    """Every standalone form of one stem, in a fixed order, possibly repeated."""
    for form, _, _ in _standalone_derivations(affixes, stem, flags):
        yield form


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


def forbidden_words(aff_text: str, dic_text: str) -> set[str]:
    """The forms the dictionary forbids outright: they must not be built from compound parts either."""
    affixes = parse_aff(aff_text)
    return _forbidden_forms(affixes, list(_stems(affixes, dic_text)))


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


class Origin(NamedTuple):
    """Where a standalone form comes from: its .dic stem and flags, and the affixes applied."""

    form: str
    stem: str
    flags: tuple[str, ...]
    prefix: str | None  # the prefix's flag
    suffixes: tuple[str, ...]  # the suffixes' flags, inner first


def origins(aff_text: str, dic_text: str) -> Iterator[Origin]:
    """Every standalone form with the stem it comes from, forbidden ones included (an
    abbreviation keeps its dot), so that a stem's flags can tell what kind of word a form is."""
    affixes = parse_aff(aff_text)
    for stem, flags in _stems(affixes, dic_text):
        if affixes.forbiddenword in flags or affixes.onlyincompound in flags:
            continue
        for form, prefix, chain in _standalone_derivations(affixes, stem, flags):
            yield Origin(form, stem, flags, prefix and prefix.flag, tuple(rule.flag for rule in chain))


# (first, middle, last): where in a compound Hunspell accepts a form.
Roles = tuple[bool, bool, bool]
NO_ROLES: Roles = (False, False, False)


def _unaffixed_roles(affixes: Affixes, flags: tuple[str, ...]) -> Roles:
    """A bare stem takes the roles its flags name, unless it needs an affix."""
    if affixes.needaffix in flags:
        return NO_ROLES
    marks = affixes.compounding
    return (marks.begin in flags, marks.middle in flags, marks.end in flags)


def _prefixed_roles(marks: Compounding, flags: tuple[str, ...], prefix: Affix) -> Roles:
    """Hunspell allows a lone prefix on a first or middle part, on the last
    part only with COMPOUNDPERMITFLAG; the role flag may sit on the stem or
    come with the prefix."""
    if prefix.needs_affix:
        return NO_ROLES
    carriers = flags + prefix.cont
    last = marks.permit in prefix.cont and marks.end in carriers
    return (marks.begin in carriers, marks.middle in carriers, last)


def _suffixed_roles(
    marks: Compounding, flags: tuple[str, ...], prefix: Affix | None, suffix: Affix
) -> Roles:
    """Hunspell allows a suffix on a first or middle part only with
    COMPOUNDPERMITFLAG, and a prefix on the last part likewise; the role flag
    may sit on the stem or come with the suffix (not with the prefix).

    As for standalone words, CIRCUMFIX affixes come in pairs and a NEEDAFFIX
    suffix needs a prefix without it. A last part may not end in a
    non-empty ONLYINCOMPOUND suffix unless a prefix is there too.
    """
    circumfixed = prefix is not None and prefix.circumfix
    if circumfixed != suffix.circumfix or (
        suffix.needs_affix and (prefix is None or prefix.needs_affix)
    ):
        return NO_ROLES
    carriers = flags + suffix.cont
    inner = marks.permit in suffix.cont
    if prefix is None:
        last = not (suffix.add and suffix.only_in_compound)
    else:
        last = marks.permit in prefix.cont
    return (
        inner and marks.begin in carriers,
        inner and marks.middle in carriers,
        last and marks.end in carriers,
    )


def _twice_suffixed_roles(
    affixes: Affixes, flags: tuple[str, ...], prefix: Affix | None, chain: tuple[Affix, ...]
) -> Roles:
    """Hunspell (without COMPOUNDMORESUFFIXES) takes two suffixes only on the
    last part, and checks the stem and inner suffix there as outside
    compounds: no ONLYINCOMPOUND, CIRCUMFIX only paired with a prefix that the
    outer suffix does not bring; nor does it ask a prefix for
    COMPOUNDPERMITFLAG there. The end flag may sit on the stem or come with
    the inner suffix."""
    inner, outer = chain
    if affixes.onlyincompound in flags or inner.only_in_compound:
        return NO_ROLES
    paired = prefix is not None and prefix.circumfix and prefix.flag not in outer.cont
    if inner.circumfix != paired:
        return NO_ROLES
    return (False, False, affixes.compounding.end in flags + inner.cont)


def _part_roles(
    affixes: Affixes, flags: tuple[str, ...], prefix: Affix | None, chain: tuple[Affix, ...]
) -> Roles:
    """Where Hunspell accepts one derivation of a stem inside a compound."""
    if len(chain) == 2:
        return _twice_suffixed_roles(affixes, flags, prefix, chain)
    if chain:
        return _suffixed_roles(affixes.compounding, flags, prefix, chain[0])
    if prefix is not None:
        return _prefixed_roles(affixes.compounding, flags, prefix)
    return _unaffixed_roles(affixes, flags)


def _refuse_unsupported_compounding(aff_text: str) -> None:
    """Fail rather than return parts that these directives would restrict or extend."""
    names = {line.split()[0] for line in aff_text.lstrip("\ufeff").splitlines() if line.split()}
    found = sorted(names.intersection(COMPOUND_UNSUPPORTED))
    if found:
        raise ValueError(f"unsupported .aff compound directive: {', '.join(found)}")


def compound_parts(aff_text: str, dic_text: str) -> Iterator[Part]:
    """Every distinct form Hunspell accepts as a compound's first, middle or
    last part, in .dic order, so that compounds can be checked at lookup.

    Forms come as written (original case, as for `expand`); a form that
    several stems or affix combinations produce gets every role any of them
    allows. ONLYINCOMPOUND forms are parts; FORBIDDENWORD stems give none;
    forms shorter than COMPOUNDMIN are dropped.
    """
    _refuse_unsupported_compounding(aff_text)
    affixes = parse_aff(aff_text)
    shortest = affixes.compounding.min_length
    roles: dict[str, Roles] = {}
    for stem, flags in _stems(affixes, dic_text):
        if affixes.forbiddenword in flags:
            continue
        for form, prefix, chain in _derivations(affixes, stem, flags):
            found = _part_roles(affixes, flags, prefix, chain)
            if any(found) and len(form) >= shortest:
                known = roles.get(form, NO_ROLES)
                roles[form] = (known[0] or found[0], known[1] or found[1], known[2] or found[2])
    for text, (begin, middle, end) in roles.items():
        yield Part(text, begin, middle, end)
