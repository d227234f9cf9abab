"""The figures of issue 2, measured in headless Chromium (`python3 build.py bench`).

Cold loads use a fresh browser context each (empty HTTP cache, no service
worker): on this local link they restore the snapshot the build ships, and once
more with it out of reach, as on a slow link, to time the normal start; the
cached visit is a second navigation in the same context after the service
worker has taken over and Pyodide's factory has been compiled through it (web/code-cache.mjs). Runs of the app and of a bare page that boots
only the same Pyodide the same way are interleaved, so drift hits both alike.
Times come from the page's own clock: performance marks set when the engine
(or bare Pyodide) is ready, and the first-contentful-paint entry.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

import build  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RUNS = 9
ROUND_TRIPS = 400
SITE = build.CACHE / "bench-site"


def bench_site() -> Path:
    """dist/ plus the bare reference page, served from one origin."""
    if SITE.exists():
        shutil.rmtree(SITE)
    shutil.copytree(build.DIST, SITE)
    for name in ("bare.html", "bare.js", "bare-worker.mjs"):  # (with the site's Pyodide folder)
        (SITE / name).write_text((ROOT / "bench" / name).read_text().replace("pyodide/", f"{build.PYODIDE_DIR}/"))
    return SITE


def mark(page, name: str) -> float:
    return page.evaluate(f"performance.getEntriesByName({name!r})[0].startTime")


def app_load(browser, url: str, shipped: bool = True) -> dict:
    """A cold load and a second visit; without `shipped`, the build's snapshot cannot be had, and the cold load
    starts Python the normal way, as on a slow link (and reads the German list)."""
    context = browser.new_context()
    if not shipped:
        context.route("**/*.snapshot.gz", lambda route: route.abort())
    page = context.new_page()
    page.goto(url)
    page.evaluate("wortwurf.ready")
    cold = mark(page, "wortwurf-ready")
    paint = mark(page, "first-contentful-paint")
    lexicon_ms = None if shipped else page.evaluate("performance.getEntriesByName('wortwurf-lexicon')[0].detail")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_function("() => performance.getEntriesByName('worker:snapshot-kept').length > 0")
    # Pyodide's factory compiled through the offline cache (web/code-cache.mjs); its code is kept once idle.
    page.wait_for_function("() => performance.getEntriesByName('wortwurf-code-cache').length > 0")
    page.wait_for_timeout(1000)
    page.reload()
    page.evaluate("wortwurf.ready")
    cached = mark(page, "wortwurf-ready")
    context.close()
    return {"cold": cold, "cached": cached, "paint": paint, "lexicon": lexicon_ms}


def bare_load(browser, url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bare.html")
    page.evaluate("bareReady")
    ready = mark(page, "bare-ready")
    context.close()
    return ready


ROUND_TRIP_JS = """async ([runs, bare]) => {
  const times = [];
  if (bare) {
    await bareReady;
    const message = JSON.stringify({call: "apply", args: [{}, {type: "roll"}]});
    for (let i = 0; i < runs; i++) { const t0 = performance.now(); await echo(message); times.push(performance.now() - t0); }
    return times;
  }
  await wortwurf.ready;
  let state = await wortwurf.engine("new_game", "forgetit", ["Ada", "Bo"], {}, 2024);
  state = await wortwurf.engine("apply", state, {type: "roll"});
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await wortwurf.engine("apply", state, {type: "roll"});
    times.push(performance.now() - t0);
  }
  return times;
}"""


def round_trips(browser, url: str, bare: bool) -> tuple[float, float]:
    """(median per call, mean over the whole batch) in ms; the clock ticks in 0.1 ms here."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + ("bare.html" if bare else ""))
    page.evaluate(ROUND_TRIP_JS, [20, bare])  # warm up
    start = time.perf_counter()
    times = page.evaluate(ROUND_TRIP_JS, [ROUND_TRIPS, bare])
    elapsed = time.perf_counter() - start
    context.close()
    return statistics.median(times), sum(times) / len(times) if elapsed else 0.0


def lexicon_in_pyodide(browser, url: str) -> dict:
    """bench/lexicon_bench.py run inside Pyodide in the bare page's worker."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "bare.html")
    page.evaluate("bareReady")
    figures = page.evaluate("source => echo({lexiconBench: source})", (ROOT / "bench" / "lexicon_bench.py").read_text())
    context.close()
    return figures


HINTS = 500
HINT_JS = """async ([n]) => {
  const times = [];
  for (let seed = 0; seed < n; seed++) {
    let state = await wortwurf.engine('new_game', 'dicewords', ['A'], {}, seed);
    state = await wortwurf.engine('apply', state, {type: 'roll', keep: []});
    const start = performance.now();
    await wortwurf.engine('hint', state);
    times.push(performance.now() - start);
  }
  return times;
}"""


def dicewords_hints(browser, url: str) -> dict:
    """The best-word helper on the first roll of 500 seeded games: asked by the page of
    the app's own worker (call, JSON and all), and the same positions in native CPython."""
    from wortwurf import engine

    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.evaluate("wortwurf.ready")
    in_worker = sorted(page.evaluate(HINT_JS, [HINTS]))
    context.close()
    native = []
    for seed in range(HINTS):
        state = engine.apply(engine.new_game("dicewords", ["A"], {}, seed), {"type": "roll", "keep": []})
        start = time.perf_counter()
        engine.hint(state)
        native.append((time.perf_counter() - start) * 1000)
    native.sort()
    p95 = int(HINTS * 0.95)
    return {
        f"DICEWORDS best word in the page's worker, {HINTS} seeded rolls: median ms": round(statistics.median(in_worker), 1),
        "DICEWORDS best word in the page's worker: 95th percentile ms": round(in_worker[p95], 1),
        "DICEWORDS best word, native CPython, same rolls: median ms": round(statistics.median(native), 1),
        "DICEWORDS best word, native CPython: 95th percentile ms": round(native[p95], 1),
    }


ASK_JS = """async ([call, asks]) => {
  const answers = [];
  for (const args of asks) {
    const start = performance.now();
    const answer = await wortwurf.engine(call, ...args);
    answers.push([performance.now() - start, answer]);
  }
  return answers;
}"""


def ask(page, call: str, asks: list[list]) -> list[tuple[float, object]]:
    """Each list of arguments asked in turn of the page's worker (call and JSON included): (ms, answer)."""
    return page.evaluate(ASK_JS, [call, asks])


def asked_in_worker(browser, url: str, call: str, states: list[dict]) -> list[tuple[float, object]]:
    """Each state asked in turn of the app's own worker on a fresh page: (ms, answer)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.evaluate("wortwurf.ready")
    answers = ask(page, call, [[state] for state in states])
    context.close()
    return answers


def typdom_positions() -> list[dict]:
    """The fixed mid-game positions of bench/typdom_positions.json as states, the player with the rack to move."""
    from wortwurf import engine

    states = []
    for position in json.loads((ROOT / "bench" / "typdom_positions.json").read_text()):
        state = engine.new_game("typdom", list("ABCDE"), {"variant": "point"}, position["seed"])
        racks = [[] for _ in state["players"]]
        racks[position["player"]] = position["rack"]
        state.update({"cells": position["cells"], "racks": racks, "start": position["player"], "turn": 0})
        states.append(state)
    return states


def typdom_moves(browser, url: str) -> dict:
    """Every legal placement on 50 fixed mid-game positions (40-60 tiles down, 13-tile racks, half with a
    joker), asked as the page asks: the hint call (all placements, the best one returned), through the page's
    worker and natively. One call first in each, so the word list is loaded before the clock runs."""
    from wortwurf.games.typdom.players import hint

    states = typdom_positions()
    in_worker = asked_in_worker(browser, url, "hint", states[:1] + states)[1:]
    hint(states[0])
    native = []
    for state in states:
        start = time.perf_counter()
        hint(state)
        native.append((time.perf_counter() - start) * 1000)
    worker_ms = sorted(ms for ms, _ in in_worker)
    counts = sorted(answer["count"] for _, answer in in_worker)
    p95 = int(len(states) * 0.95) - 1
    return {
        f"TYP-DOM all placements in the page's worker, {len(states)} positions: median ms": round(statistics.median(worker_ms)),
        "TYP-DOM all placements in the page's worker: 95th percentile ms": round(worker_ms[p95]),
        "TYP-DOM all placements, native CPython, same positions: median ms": round(statistics.median(native)),
        "TYP-DOM all placements, native CPython: 95th percentile ms": round(sorted(native)[p95]),
        "TYP-DOM placements found per position: median": statistics.median(counts),
        "TYP-DOM placements found per position: min / max": f"{counts[0]} / {counts[-1]}",
    }


PRESTO_HANDS = 200  # seeded hands per hand size


def presto_races(size: int, count: int) -> list[dict]:
    """Solo Presto races just begun, one per seed, with hands of `size` tiles."""
    from wortwurf import engine

    return [engine.apply(engine.new_game("presto", ["Ada"], {"hand": size}, seed), {"type": "go"})
            for seed in range(count)]


def presto_solver(browser, url: str) -> dict:
    """The solver on 200 seeded hands per hand size, asked as "Aufgeben" asks (the `solution` call) through the
    page's worker; the hint on 50 hands of 19 tiles; the whole-table check ("done") on 50 solved 19-tile
    tables. One call first, so the word list is loaded before the clock runs."""
    from wortwurf.games.presto import solver

    figures = {}
    for size in (13, 16, 19):
        races = presto_races(size, PRESTO_HANDS)
        answers = asked_in_worker(browser, url, "solution", races[:1] + races)[1:]
        times = sorted(ms for ms, _ in answers)
        solved = sum(answer["solved"] for _, answer in answers)
        figures[f"Presto solver, {size} tiles, {PRESTO_HANDS} seeded hands in the page's worker: solved"] = solved
        figures[f"Presto solver, {size} tiles: median / 95th percentile ms"] = (
            f"{statistics.median(times):.0f} / {times[int(PRESTO_HANDS * 0.95) - 1]:.0f}")
    races = presto_races(19, 50)
    hints = sorted(ms for ms, _ in asked_in_worker(browser, url, "hint", races[:1] + races)[1:])
    figures["Presto hint, 19 tiles, 50 hands in the page's worker: median ms"] = round(statistics.median(hints))
    finishes = []
    for race in races:
        found = solver.solve(race["hands"][0], race["options"])
        if found["solved"]:
            finishes.append([race, {"type": "done", "cells": found["cells"], "seconds": 60}])
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.evaluate("wortwurf.ready")
    checks = sorted(page.evaluate(APPLY_JS, finishes[:1] + finishes)[1:])
    context.close()
    figures[f"Presto \"done\" (the whole-table check, apply and JSON) on a 19-tile table, {len(finishes)} tables in "
            "the page's worker: median / max ms"] = f"{statistics.median(checks):.1f} / {checks[-1]:.1f}"
    return figures


BLUFF_POSITIONS = 200  # states met in computer-only deals, a computer to move
BLUFF_DEALS = 150  # computer-only deals for the win count


def bluff_positions(count: int) -> list[dict]:
    """States of "Wer behält recht?" met in seeded computer-only three-player deals (strengths 3, 2, 1), each
    with a computer to move, drawn at random from every move of the deals."""
    import random

    from wortwurf import engine
    from wortwurf.games.bluff import players

    met, seed = [], 0
    while len(met) < 4 * count:
        state = engine.new_game("bluff", ["A", "B", "C"], {"computer": [3, 2, 1]}, seed)
        while not state["deal_over"]:
            met.append(state)
            state = engine.apply(state, players.computer_action(state))
        seed += 1
    return random.Random(0).sample(met, count)


def bluff_wins(deals: int) -> dict:
    """Computer-only three-player deals, strengths 3, 2 and 1 taking every seat in turn: deals won by each
    strength (the highest score; a blocked deal with equal points counts for nobody), forced finishes made and
    failed."""
    import collections

    from wortwurf import engine
    from wortwurf.games.bluff import players
    from wortwurf.games.options import seat_strength

    won, forced = collections.Counter(), collections.Counter()
    for seed in range(deals):
        strengths = [[3, 2, 1], [1, 3, 2], [2, 1, 3]][seed % 3]
        state = engine.new_game("bluff", ["A", "B", "C"], {"computer": strengths}, seed)
        while not state["deal_over"]:
            action = players.computer_action(state)
            if action["type"] in ("finish", "fail"):
                forced[seat_strength(state, state["turn"]), action["type"]] += 1
            state = engine.apply(state, action)
        best = max(state["scores"])
        if state["scores"].count(best) == 1:
            won[strengths[state["scores"].index(best)]] += 1
    return {
        f"Wer behält recht?, {deals} computer-only deals (strengths 3/2/1 rotating seats): won by 3 / 2 / 1":
            f"{won[3]} / {won[2]} / {won[1]}",
        "Wer behält recht?, forced finishes made / failed (share failed) by strength 3, 2, 1": ", ".join(
            f"{forced[s, 'finish']}/{forced[s, 'fail']} ({forced[s, 'fail'] / max(1, forced[s, 'finish'] + forced[s, 'fail']):.0%})"
            for s in (3, 2, 1)),
    }


def bluff_figures(browser, url: str) -> dict:
    """In the page's worker: the words containing each 2-6-letter fragment under construction in 200 states
    met in computer-only deals (the whole list, the `words_with` call), and a computer player's decision in
    those states. The first call, which makes the word list, is timed on its own."""
    from wortwurf.games.typdom.table import key

    states = bluff_positions(BLUFF_POSITIONS)
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.evaluate("wortwurf.ready")
    first = ask(page, "words_with", [[states[0], "AB"]])[0][0]
    asks = [[state, "".join(state["cells"][key(*cell)][1] for cell in state["word"]["cells"])]
            for state in states if state["word"]]
    infix = sorted(ms for ms, _ in ask(page, "words_with", [a for a in asks if 2 <= len(a[1]) <= 6]))
    decisions = sorted(ms for ms, _ in ask(page, "computer_action", [[state] for state in states]))
    context.close()
    return {
        "Wer behält recht?, the first call in the page's worker (makes the word list), ms": round(first),
        f"Wer behält recht?, words containing a fragment of 2-6 letters, {len(infix)} fragments in the page's "
        "worker: median / 95th percentile ms": f"{statistics.median(infix):.1f} / {infix[int(len(infix) * 0.95) - 1]:.1f}",
        f"Wer behält recht?, a computer player's decision, {len(decisions)} states in the page's worker: median / "
        "95th percentile ms": f"{statistics.median(decisions):.0f} / {decisions[int(len(decisions) * 0.95) - 1]:.0f}",
        **bluff_wins(BLUFF_DEALS),
    }


APPLY_JS = """async (pairs) => {
  const times = [];
  for (const [state, action] of pairs) {
    const start = performance.now();
    await wortwurf.engine("apply", state, action);
    times.push(performance.now() - start);
  }
  return times;
}"""


def forgetit_positions(count: int) -> list[dict]:
    """Positions where a FOR-GET-IT player decides, from seeded games of the optimal computer player."""
    from wortwurf import engine

    positions, seed = [], 0
    while len(positions) < count:
        state = engine.new_game("forgetit", ["A", "B"], {"computer": [3, 3]}, seed)
        for _ in range(40):
            state = engine.apply(state, engine.computer_action(state))
            if state["turn"]["rolls"]:
                positions.append(state)
        seed += 1
    return positions[:count]


def forgetit_advice(browser, url: str) -> dict:
    """FOR-GET-IT advice through the page's worker: the first call (it takes in the solved turn the build
    made), then 300 decision positions from seeded games."""
    from wortwurf.games.forgetit import solver as forgetit_strategy

    (first, _), *rest = asked_in_worker(browser, url, "hint", forgetit_positions(301))
    times = sorted(ms for ms, _ in rest)
    module = build.forgetit_solution()
    scope: dict = {}
    exec(module, scope)
    return {
        "FOR-GET-IT solved turn: first advice in the page's worker (takes in the solution), ms": round(first, 1),
        "FOR-GET-IT advice in the page's worker, 300 positions: median ms": round(statistics.median(times), 2),
        "FOR-GET-IT advice in the page's worker: 95th percentile / max ms": f"{times[284]:.2f} / {times[-1]:.2f}",
        "FOR-GET-IT solution: positions solved (with a number / before one)": "{} / {}".format(
            *(sum(1 for row in json.loads(scope["ROWS"]) if bool(row[0]) == with_number) for with_number in (True, False))),
        "FOR-GET-IT solution module, KB (gzip -9)": f"{len(module) / 1e3:.0f} ({len(gzip.compress(module, 9)) / 1e3:.0f})",
        "FOR-GET-IT solve natively, s": round(_time_solve(forgetit_strategy), 2),
    }


def forgetit_real_dice_turns(turns: int, policy=None) -> tuple[list[int], list[dict]]:
    """Turns rolled by a digital game (round 1, keyed dice) and typed into a game with real dice, which plays by
    its own advice (or `policy`); dice of a number are set aside at random among those showing it, as people
    who cannot see the syllables would. (The turns' scores, the real-dice positions decided on.)"""
    import random

    from wortwurf import engine
    from wortwurf.games.forgetit import players

    policy = policy or players.optimal
    rng, scores, positions = random.Random(9), [], []
    for seed in range(turns):
        digital = engine.new_game("forgetit", ["A"], {}, seed)
        physical = engine.new_game("forgetit", ["A"], {"physical": True}, seed)
        while not digital["pad"][0]:
            if physical["turn"]["rolls"]:
                positions.append(physical)
            action = policy(physical) if physical["turn"]["rolls"] else {"type": "roll"}
            if action["type"] == "roll":
                digital = engine.apply(digital, action)
                action = {"type": "roll", "faces": sorted(digital["events"][0]["faces"], key=str)}
            elif action["type"] == "set_aside":
                face = physical["turn"]["dice"][action["dice"][0]]["face"]
                showing = [s for s, d in enumerate(digital["turn"]["dice"]) if not d["aside"] and d["face"] == face]
                digital = engine.apply(digital, {"type": "set_aside", "dice": rng.sample(showing, len(action["dice"]))})
            else:
                digital = engine.apply(digital, action)
            if not digital["pad"][0]:
                physical = engine.apply(physical, action)
        scores.append(digital["pad"][0][0]["points"])
    return scores, positions


def forgetit_real_dice(browser, url: str, turns: int = 20_000) -> dict:
    """FOR-GET-IT with real dice, whose syllables the app is not told: the turn solved for that (natively, from
    nothing, and the first advice in the page's worker, which solves it), and the advice played."""
    from wortwurf.games.forgetit import solver as strategy

    for tables in (strategy._unseen_syllables, strategy._unseen_falls, strategy._numbers, strategy._unseen_rolls_on,
                   strategy._unseen_rolls_before):
        tables.cache_clear()
    start = time.perf_counter()
    solved = strategy.Turn(strategy.EXPECTED.stop, 0.0, linear=True, seen=False)
    solved.solve()
    solve = time.perf_counter() - start
    expected = solved.choosing(strategy.UNSEEN_FRESH)
    scores, positions = forgetit_real_dice_turns(turns)
    (first, _), *rest = asked_in_worker(browser, url, "hint", positions[:101])
    times = sorted(ms for ms, _ in rest)
    error = statistics.stdev(scores) / len(scores) ** 0.5
    return {
        "FOR-GET-IT real dice: turn solved natively from nothing, s / positions": (
            f"{solve:.2f} / {len(solved.rolling) + len(solved.before)}"),
        "FOR-GET-IT real dice: first advice in the page's worker (solves the turn), ms": round(first, 1),
        "FOR-GET-IT real dice: advice in the page's worker, 100 positions: median / max ms": (
            f"{statistics.median(times):.2f} / {times[-1]:.2f}"),
        "FOR-GET-IT real dice: solved expectation at the start of a turn": round(expected, 2),
        f"FOR-GET-IT real dice: advice played, mean turn score over {turns} turns (± standard error)": (
            f"{statistics.mean(scores):.2f} ± {error:.2f}"),
    }


def forgetit_whole_games(count: int) -> list[dict]:
    """`count` decision positions spread over whole two-player games of the optimal computer player."""
    from wortwurf import engine

    every, seed = [], 0
    while len(every) < 3 * count:
        state = engine.new_game("forgetit", ["A", "B"], {"computer": [3, 3]}, seed)
        while not state["over"]:
            state = engine.apply(state, engine.computer_action(state))
            if state["turn"]["rolls"] and not state["over"]:
                every.append(state)
        seed += 1
    return every[::3][:count]


def forgetit_race(browser, url: str) -> dict:
    """FOR-GET-IT for two: the chances of winning through the page's worker (the first call takes in the
    table), and how often the choice that wins most differs from the one that scores most, by how much."""
    from wortwurf import engine
    from wortwurf.games.forgetit import race as forgetit_race, solver as forgetit_strategy

    states = forgetit_whole_games(300)
    (first, _), *rest = asked_in_worker(browser, url, "advice", states[:1] + states)
    times = sorted(ms for ms, _ in rest)
    # A turn's first question solves the turn for its score difference; the turn's later ones read that.
    turns_first = sorted(ms for (ms, _), state, before in zip(rest, states, [None] + states)
                         if before is None or before["turn_index"] != state["turn_index"])
    given_up = []
    for state in states:
        chance = engine.advice(state)["chance"]
        for_points = engine.hint(state)["options"][0]["action"]
        given_up.append(chance - forgetit_strategy.action_value(state, for_points,
                                                                forgetit_race.winning(state)))
    differ = [gap for gap in given_up if gap > 1e-9]
    modules = [(build.PACKAGE / "games" / "forgetit" / f"{name.replace('.', '/')}.py").read_bytes()
               for name in forgetit_race.TABLES.values()]
    return {
        "FOR-GET-IT for two: table of winning chances, turns x differences": (
            f"{forgetit_race.TURNS} x {2 * forgetit_race.SPREAD + 1}"),
        "FOR-GET-IT for two: table modules (syllables seen / real dice), KB (gzip -9)": " / ".join(
            f"{len(module) / 1e3:.0f} ({len(gzip.compress(module, 9)) / 1e3:.0f})" for module in modules),
        "FOR-GET-IT for two: first chances in the page's worker (takes in the table), ms": round(first),
        f"FOR-GET-IT for two: chances in the page's worker, {len(rest)} positions: median / 95th percentile ms":
            f"{statistics.median(times):.0f} / {times[int(len(times) * 0.95) - 1]:.0f}",
        f"FOR-GET-IT for two: a turn's first question in the worker, {len(turns_first)} turns: median / max ms":
            f"{statistics.median(turns_first):.0f} / {turns_first[-1]:.0f}",
        "FOR-GET-IT for two: positions where the most points is not the best chance": f"{len(differ)} of {len(states)}",
        "FOR-GET-IT for two: chance given up there by playing for points, mean / max percentage points": (
            f"{100 * statistics.fmean(differ):.2f} / {100 * max(differ):.2f}" if differ else "-"),
    }


def _time_solve(strategy) -> float:
    for solved in (strategy.EXPECTED.rolling, strategy.EXPECTED.before, strategy.EXPECTED.best):
        solved.clear()
    strategy._rolls_on.cache_clear()  # the roll tables too: the whole solve, from nothing
    strategy._rolls_before.cache_clear()
    start = time.perf_counter()
    strategy.solution_module()
    return time.perf_counter() - start


def stop_at_20(state: dict) -> dict:
    """The naive baseline: collect like the simple players, roll until the turn is worth 20, then stop."""
    from wortwurf.games.forgetit import players

    collect = players._collect(state)
    if collect:
        return collect
    turn = state["turn"]
    points = (turn["number"] or 0) * players.unit_score(turn["count"])
    return {"type": "stop"} if turn["rolls"] and points >= 20 else {"type": "roll"}


def forgetit_policies(turns: int = 20_000) -> dict:
    """Mean turn score of each policy over the same seeded turns (round 1, keyed dice), natively."""
    from wortwurf import engine
    from wortwurf.games.forgetit import players

    figures = {}
    policies = {"optimal": players.optimal, "cautious": players.cautious,
                "reckless": players.reckless, "stop at 20": stop_at_20}
    for name, policy in policies.items():
        scores = []
        for seed in range(turns):
            state = engine.new_game("forgetit", ["A"], {}, seed)
            while not state["pad"][0]:
                state = engine.apply(state, policy(state))
            scores.append(state["pad"][0][0]["points"])
        error = statistics.stdev(scores) / len(scores) ** 0.5
        figures[f"FOR-GET-IT {name}: mean turn score over {turns} seeded turns (± standard error)"] = (
            f"{statistics.mean(scores):.2f} ± {error:.2f}")
    figures["FOR-GET-IT solved expectation at the start of a turn"] = round(
        forgetit_strategy.EXPECTED.choosing(forgetit_strategy.FRESH), 2)
    return figures


def dicewords_positions(count: int) -> list[dict]:
    """States after a turn's first or second roll, from seeded games (the greedy player's keeps)."""
    from wortwurf import engine
    from wortwurf.games.dicewords import strategy as dicewords_strategy

    positions, seed = [], 0
    while len(positions) < count:
        state = engine.new_game("dicewords", ["A"], {}, seed)
        for _ in range(2):
            state = engine.apply(state, dicewords_strategy.greedy(state))
            positions.append(state)
        seed += 1
    return positions[:count]


def dicewords_advice(browser, url: str) -> dict:
    """DICEWORDS keep advice through the page's worker: the first call (it takes in the word finder's keys
    the build made), then 40 positions after a first or second roll."""
    (first, _), *rest = asked_in_worker(browser, url, "advice", dicewords_positions(41))
    times = sorted(ms for ms, _ in rest)
    return {
        "DICEWORDS keep advice: first call in the page's worker (takes in the word finder), ms": round(first),
        "DICEWORDS keep advice in the page's worker, 40 positions: median ms": round(statistics.median(times)),
        "DICEWORDS keep advice in the page's worker: 95th percentile / max ms": f"{times[37]:.0f} / {times[-1]:.0f}",
    }


def dicewords_policies(turns: int = 1000) -> dict:
    """Mean score per turn of the three computer players over the same seeded turns, natively."""
    from wortwurf import engine
    from wortwurf.games.dicewords import strategy as dicewords_strategy

    from wortwurf import budget

    def on_a_phone(state: dict) -> dict:
        with budget.limited(PHONE_SEARCH_SECONDS / PHONE_SLOWDOWN):
            return dicewords_strategy.strongest(state)

    scores, thinking = {}, []  # per player the points of each turn; the strongest's time per keep decision
    for name, policy in (("strongest", dicewords_strategy.strongest), ("greedy", dicewords_strategy.greedy),
                         ("no re-roll", dicewords_strategy.no_reroll), ("strongest on a phone's budget", on_a_phone)):
        scores[name] = []
        for seed in range(turns):
            state = engine.new_game("dicewords", ["A"], {}, seed)
            while not state["pad"][0]:
                start = time.perf_counter()
                action = policy(state)
                if name == "strongest" and 0 < state["turn"]["rolls"] < dicewords_strategy.ROLLS:
                    thinking.append(time.perf_counter() - start)
                state = engine.apply(state, action)
            scores[name].append(state["pad"][0][0]["points"])
    figures = {f"DICEWORDS {name}: mean score per turn over {turns} seeded turns (± standard error)":
               f"{statistics.mean(points):.1f} ± {statistics.stdev(points) / turns ** 0.5:.1f}"
               for name, points in scores.items()}
    ahead = [strong - greedy for strong, greedy in zip(scores["strongest"], scores["greedy"])]
    figures["DICEWORDS strongest - greedy, same turns (± standard error)"] = \
        f"{statistics.mean(ahead):.1f} ± {statistics.stdev(ahead) / turns ** 0.5:.1f}"
    figures["DICEWORDS strongest / greedy"] = round(statistics.mean(scores["strongest"]) /
                                                    statistics.mean(scores["greedy"]), 3)
    figures[f"DICEWORDS strongest on a phone's budget ({PHONE_SEARCH_SECONDS} s at half a core: natively "
            f"{PHONE_SEARCH_SECONDS / PHONE_SLOWDOWN:.2f} s a decision) / greedy"] = round(
        statistics.mean(scores["strongest on a phone's budget"]) / statistics.mean(scores["greedy"]), 3)
    figures["DICEWORDS strongest: time per keep decision (after a first or second roll), natively, median ms"] = \
        round(statistics.median(thinking) * 1000)
    return figures


KNOWN_WORDS_SETUPS = (("typdom", 2, {}), ("typdom", 2, {"variant": "point"}), ("bluff", 3, {}))


def known_words(seeds: range = range(10), moves: int = 16) -> dict:
    """How common the words of the hints and of the strongest computers are (round 3, item 3): each word's
    place in wordfreq's German list (its order; the Wörterbuch's spelling; a word it lacks comes after its
    last), over the first `moves` moves of seeded games the computers play; the median, and the share within
    the forms the lexicon marks "frequent"."""
    from lexicon import wordfreq
    from wortwurf import engine
    from wortwurf.words import default_lexicon
    from wortwurf.words.spelling import normalize
    from wortwurf.words.tags import FREQUENT_FORMS

    ranked = [word for word in map(normalize, wordfreq.ranked_words(build.lexicon_inputs()["wordfreq"])) if word]
    place: dict[str, int] = {}
    for at, word in enumerate(ranked, 1):
        place.setdefault(word, at)
    lexicon = default_lexicon()

    def rank(word: str) -> int:
        entry = lexicon.lookup(word)
        return place.get(entry.word if entry else word, len(ranked) + 1)

    figures = {}
    for game, players, options in KNOWN_WORDS_SETUPS:
        words: dict[str, list[int]] = {"hint": [], "computer": []}
        for seed in seeds:
            state = engine.new_game(game, [f"P{i}" for i in range(players)], {**options, "computer": [3] * players}, seed)
            for _ in range(moves):
                if state["over"]:
                    break
                hinted = engine.hint(state).get("move")
                if hinted and hinted.get("word"):
                    words["hint"].append(rank(hinted["word"]))
                state = engine.apply(state, engine.computer_action(state))
                for event in state["events"]:
                    played = event.get("words") or ([event["word"]] if event.get("e") == "laid" else [])
                    words["computer"] += [rank(word) for word in played]
        setup = f"{game} {options.get('variant', '')}".strip()
        for who, ranks in words.items():
            figures[f"words people know: {setup} {who}, median wordfreq rank (n {len(ranks)})"] = statistics.median(ranks)
            figures[f"words people know: {setup} {who}, share among the {FREQUENT_FORMS:,} most frequent"] = round(
                sum(r <= FREQUENT_FORMS for r in ranks) / len(ranks), 2)
    return figures


def lexicon_natively() -> dict:
    scope = {"lexicon_bytes": build.german_lexicon()[0]}
    exec((ROOT / "bench" / "lexicon_bench.py").read_text(), scope)
    return scope["figures"]


def lexicon_sizes() -> dict:
    from wortwurf.words import Lexicon

    data = build.german_lexicon()[0]
    plain = "\n".join(word for word, _ in Lexicon(data).words()).encode()
    ours, theirs = len(gzip.compress(data, 9)), len(gzip.compress(plain, 9))
    return {
        "lexicon file, raw MB": round(len(data) / 1e6, 3),
        "lexicon file, gzip -9 MB": round(ours / 1e6, 3),
        "sorted plain word list of the same forms, gzip -9 MB": round(theirs / 1e6, 3),
        "ours / plain list, gzipped": round(ours / theirs, 3),
    }


def sizes() -> dict[str, int]:
    parts = {"pyodide": 0, "wheels": 0, "lexicon": 0, "our code": 0}
    for path in build.DIST.rglob("*"):
        if path.is_file():
            top = path.relative_to(build.DIST).parts[0]
            parts[top if top in parts else "our code"] += path.stat().st_size
    return parts


PHONE_WAITS = ROOT.parent / "shared" / "tools" / "phone_waits.py"
# A search's time budget in the page (web/engine.js SEARCH_SECONDS), and how much slower the page's worker at
# half a core runs DICEWORDS' advice than native CPython at full speed: 7.1, the medians of the same 24 calls
# (phone_waits.py 1.12 s, natively 0.157 s, before the budget). Natively, the budget over the slowdown plays as
# a phone does.
PHONE_SEARCH_SECONDS = 0.6
PHONE_SLOWDOWN = 7.1
WAIT_POSITIONS = 24
# Presto's race hint timed as a person waits (bench/person_waits.py): tapped so many seconds into a race begun on
# a page just opened.
PERSON_WAITS = ROOT / "bench" / "person_waits.py"
PERSON_PAUSES = (2, 4)


def table_waits() -> list[str]:
    """Every helper a person taps and every computer move, timed as the page's own engine call by
    ../shared/tools/phone_waits.py over seeded games the strongest computers play forward, and Presto's hint
    as a person waits for it (bench/person_waits.py): the whole browser under half a core (a phone), and
    unthrottled (this machine's two cores). One table, a row per game and call: median, 95th percentile and
    max in seconds, each as "phone / full CPU"."""
    runs = {}
    for cpu in (0.5, float(os.cpu_count())):
        done = subprocess.run([sys.executable, str(PHONE_WAITS), "--dist", str(build.DIST), "--cpu", str(cpu),
                               "--positions", str(WAIT_POSITIONS)], capture_output=True, text=True, check=True)
        runs[cpu] = json.loads(done.stdout.strip().splitlines()[-1])["calls"]
    for pause in PERSON_PAUSES:  # Presto's hint as a person waits for it: asked again while it works
        for cpu in runs:
            done = subprocess.run([sys.executable, str(PERSON_WAITS), "--dist", str(build.DIST), "--cpu", str(cpu),
                                   "--pause", str(pause)], capture_output=True, text=True, check=True)
            runs[cpu][f"presto hint tapped {pause:g} s in"] = json.loads(done.stdout.strip().splitlines()[-1])["figures"]
    phone, full = runs.values()
    lines = [f"Waits at the table ({WAIT_POSITIONS} positions a game; seconds, phone at 0.5 core / full CPU):",
             f"  {'game and call':<28} {'median':>13} {'p95':>13} {'max':>13}  over 1 s (phone)"]
    for call, figures in phone.items():
        other = full.get(call, {})
        cells = [f"{figures[k]:5.2f} / {other.get(k, float('nan')):5.2f}" for k in ("median", "p95", "max")]
        lines.append(f"  {call:<28} {cells[0]:>13} {cells[1]:>13} {cells[2]:>13}  {figures['over_1s']:.0%}")
    return lines


def main() -> None:
    build.build()
    waits = table_waits()
    server = build.make_server(bench_site(), port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("WORTWURF_CHROMIUM") or None,
            args=["--no-sandbox", "--disable-background-networking", "--disable-component-update"],
        )
        app_loads, normal_loads, bare_loads = [], [], []
        for run in range(RUNS):
            bare_loads.append(bare_load(browser, url))
            app_loads.append(app_load(browser, url))
            normal_loads.append(app_load(browser, url, shipped=False))
            print(f"  run {run + 1}: bare {bare_loads[-1]:.0f} ms, app cold {app_loads[-1]['cold']:.0f} ms, "
                  f"cached {app_loads[-1]['cached']:.0f} ms, paint {app_loads[-1]['paint']:.0f} ms, "
                  f"cold normal start {normal_loads[-1]['cold']:.0f} ms", flush=True)
        in_pyodide = lexicon_in_pyodide(browser, url)
        hints = dicewords_hints(browser, url)
        placements = typdom_moves(browser, url)
        presto = presto_solver(browser, url)
        bluff = bluff_figures(browser, url)
        advice = forgetit_advice(browser, url)
        real_dice = forgetit_real_dice(browser, url)
        race = forgetit_race(browser, url)
        keeps = dicewords_advice(browser, url)
        app_trip = round_trips(browser, url, bare=False)
        bare_trip = round_trips(browser, url, bare=True)
        browser.close()
    server.shutdown()

    median = statistics.median
    bare = median(bare_loads)
    cold = median(a["cold"] for a in app_loads)
    cached_ratio = median(a["cached"] / a["cold"] for a in app_loads)
    start = time.perf_counter()
    build.build()
    rebuild = time.perf_counter() - start
    parts = sizes()
    _, per_source = build.german_lexicon()
    figures = {
        "menu painted (first contentful paint), median ms": round(median(a["paint"] for a in app_loads)),
        "bare Pyodide boot, cold, median ms": round(bare),
        "wortwurf.ready, cold, median ms": round(cold),
        "ready cold / bare boot (ratio of medians)": round(cold / bare, 3),
        "ready cold / bare boot (median of per-run ratios)": round(
            median(a["cold"] / b for a, b in zip(app_loads, bare_loads)), 3),
        "wortwurf.ready, cold, normal start (a slow link's: no shipped snapshot), median ms": round(
            median(a["cold"] for a in normal_loads)),
        "ready cached, median ms": round(median(a["cached"] for a in app_loads)),
        "ready cached / own cold, median of per-load ratios": round(cached_ratio, 3),
        "engine round trip (FOR-GET-IT roll), median ms": round(app_trip[0], 3),
        "engine round trip, batch mean ms": round(app_trip[1], 3),
        "bare worker round trip, median ms": round(bare_trip[0], 3),
        "bare worker round trip, batch mean ms": round(bare_trip[1], 3),
        "no-op rebuild, s": round(rebuild, 2),
        **{f"dist/ {name}, MB": round(size / 1e6, 2) for name, size in parts.items()},
        "dist/ total, MB": round(sum(parts.values()) / 1e6, 2),
        **{f"lexicon forms from {name}": count for name, count in per_source.items()},
        **lexicon_sizes(),
        "lexicon load in the page's worker (file to first use), median ms": round(
            median(a["lexicon"] for a in normal_loads), 1),
        **{f"Pyodide: {name}": value for name, value in in_pyodide.items()},
        **{f"native CPython: {name}": value for name, value in lexicon_natively().items()},
        **hints,
        **placements,
        **presto,
        **bluff,
        **advice,
        **real_dice,
        **race,
        **forgetit_policies(),
        **keeps,
        **dicewords_policies(),
        **known_words(),
    }
    print(f"\nHeadless Chromium, {os.cpu_count()} cores; {RUNS} interleaved cold loads each of the app and of a")
    print("bare page booting the same Pyodide; round trips: page -> worker -> Python -> page,")
    print(f"{ROUND_TRIPS} sequential calls after a warm-up (performance.now() ticks in 0.1 ms here).\n")
    width = max(map(len, figures))
    for name, value in figures.items():
        print(f"  {name:<{width}}  {value}")
    print()
    print("\n".join(waits))
    (build.CACHE / "bench.json").write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
