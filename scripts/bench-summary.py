#!/usr/bin/env python3
"""bench-summary.py RESULTS.csv OUTDIR [PHASES.tsv [PROFILE.tsv]]: min/median/max per
kernel and metric, the patched/baseline ratio of the medians, the targets of
the benchmark issue, and the shim-path costs. Writes OUTDIR/summary.json,
OUTDIR/bench.md and OUTDIR/bench.svg (ratios as bars). Standard library only.

A target is judged on a 95% bootstrap interval of the ratio, not on the ratio
alone: baseline and patched boots are resampled independently (fixed seed, so
the same CSV gives the same report), the ratio of the resampled medians is
taken each time, and the verdict is "met" when the whole interval is on the
allowed side of the bound, "missed" when the whole interval is on the wrong
side, and "not resolved" (not a pass) when it straddles the bound."""
import csv
import datetime
import json
import math
import os
import random
import statistics
import sys

# metric: (group, better, what it is, target as max |ratio - 1| or None)
METRICS = {
    "tc_events_per_s": ("throughput", "higher", "trace-cmd record, sched_switch + raw_syscalls: events/s", 0.01),
    "tc_rounds_per_s": ("throughput", "higher", "workload rounds/s under trace-cmd record", 0.01),
    "tc_events": ("throughput", "higher", "events trace-cmd recorded for the workload", None),
    "tc_lost": ("throughput", "lower", "events lost (trace-cmd overrun)", None),
    "perf_events": ("throughput", "higher", "events perf recorded for the workload", None),
    "perf_events_per_s": ("throughput", "higher", "perf record of the workload (8 MB buffer), sched_switch + sys_enter: events/s", 0.01),
    "perf_rounds_per_s": ("throughput", "higher", "workload rounds/s under perf record", 0.01),
    "perf_lost": ("throughput", "lower", "events lost (perf LOST records)", None),
    "perf_generated": ("throughput", "higher", "perf: recorded + lost, the events the kernel generated", 0.01),
    "untraced_seconds": ("throughput", "lower", "the same workload, not traced", 0.01),
    "untraced_rounds": ("throughput", "higher", "workload size (rounds of ping-pong + getppid)", None),
    "instance_mkdir": ("instances", "lower", "mkdir instances/x (creates every event file), CPU time, median of 50", 0.01),
    "instance_rmdir": ("instances", "lower", "rmdir instances/x, CPU time (not the RCU grace period it waits for), median of 50", 0.01),
    "instance_slab": ("memory", "lower", "slab taken by one instance (five made, divided by five)", 0.01),
    "walk_tracefs_root": ("permissions", "lower", "stat + open of every tracefs entry, as root, median of 10 walks", 0.02),
    "walk_tracefs_member": ("permissions", "lower", "the same as a member of the delegated group (gid=2000,mode=0770)", 0.02),
    "walk_entries": ("permissions", "lower", "tracefs entries walked", None),
    "kprobe_add": ("kprobes", "lower", "add a kprobe event (write kprobe_events), median of 50", None),
    "kprobe_remove": ("kprobes", "lower", "remove it, median of 50", None),
    "boot_to_init": ("boot", "lower", "power-on to /init (guest clock)", 0.01),
    "slab": ("memory", "lower", "Slab after boot", 0.01),
    "slab_unreclaimable": ("memory", "lower", "SUnreclaim after boot", 0.01),
    "inodes": ("memory", "lower", "inodes in use after boot", 0.01),
    "dentries": ("memory", "lower", "dentries after boot", 0.01),
    "tracefs_entries": ("memory", "lower", "entries in tracefs", None),
    "debugfs_entries": ("memory", "lower", "entries in debugfs (without tracing/)", None),
    "boot_run_wall": ("wall", "lower", "host wall-clock of the whole bench boot", None),
}
# Targets set in the open for one version (TR_BENCH_VERSION), replacing the
# target above, each with the measurement behind it. 6.1's tracefs made
# every entry a plain inode (584 bytes, 14 in an 8-KiB SLUB slab); the
# permission policy needs state per entry, so the series makes them
# tracefs_inodes (600 bytes, 13 per slab): 630 instead of 585 bytes of slab
# per entry, whatever the state's size (any 8 bytes more already cost that
# object per slab). Measured 2026-12-07 in a guest (/proc/slabinfo):
# baseline inode_cache 584 B x 14, patched tracefs_inode_cache 600 B x 13;
# an instance makes 6,838 entries (+45 B each, ~300 kB), the boot ~6,900.
# make bench of the series with its stable fixes first (2026-12-07, 8
# boots per kernel): instance_slab 1.0568 (5318 -> 5620 kB), slab 1.0301
# (10,216 -> 10,524 kB).
SLAB_6_1 = ("6.1's entries become tracefs_inodes: 13 instead of 14 per 8-KiB slab, "
            "+45 B per entry (the permission policy's state per entry)")
VERSION_TARGETS = {
    ("6.1", "instance_slab"): (0.06, SLAB_6_1),
    ("6.1", "slab"): (0.035, SLAB_6_1),
}

# (shim path, direct path, what): warm open+read through an old path versus
# the tracefs path, on the patched kernel; target <= 1.5x.
SHIMS = [
    ("open_warm_old_kprobes_enabled", "open_warm_new_kprobes_enabled",
     "debugfs/kprobes/enabled (symlink into the automount) vs tracing/kprobes/enabled"),
    ("open_warm_automount_kprobe_events", "open_warm_new_kprobe_events",
     "debugfs/tracing/kprobe_events (automount) vs tracing/kprobe_events"),
    ("open_warm_old_error_injection_list", "open_warm_new_error_injection_list",
     "debugfs/error_injection/list (symlink) vs tracing/error_injection/list"),
    ("open_first_old_kprobes_enabled", "open_warm_new_kprobes_enabled",
     "first access of debugfs/kprobes/enabled (triggers the automount) vs warm tracefs"),
]
SHIM_TARGET = 1.5

# The bootstrap behind the target verdicts.
BOOT_SEED = 12345
BOOT_RESAMPLES = 10000
BOOT_LEVEL = 0.95
MORE_BOOTS_CAP = 50
MET, MISSED, UNRESOLVED = "met", "missed", "not resolved"


def describe(metric):
    if metric in METRICS:
        return METRICS[metric]
    if metric.startswith("open_"):
        kind = "first" if metric.startswith("open_first") else "warm"
        return ("paths", "lower", f"open+read+close, {kind}: {metric.split('_', 2)[2]}", None)
    return ("other", "lower", metric, None)


def percentile(sorted_vals, q):
    """q-quantile of an already sorted list, linear between order statistics."""
    pos = q * (len(sorted_vals) - 1)
    i = math.floor(pos)
    j = min(i + 1, len(sorted_vals) - 1)
    return sorted_vals[i] + (sorted_vals[j] - sorted_vals[i]) * (pos - i)


def ratio_of(p, b):
    if b:
        return p / b
    return 1.0 if p == b else math.copysign(math.inf, p)


def bootstrap_ratio(base, patched, resamples=BOOT_RESAMPLES, level=BOOT_LEVEL, seed=BOOT_SEED):
    """Percentile interval of median(patched) / median(baseline), resampling
    the boots of each kernel independently, with replacement. Every figure
    starts from the same seed: its interval does not depend on which other
    figures are in the CSV or in what order."""
    rng = random.Random(seed)
    nb, np_ = len(base), len(patched)
    ratios = []
    for _ in range(resamples):
        mb = statistics.median(rng.choices(base, k=nb))
        mp = statistics.median(rng.choices(patched, k=np_))
        ratios.append(ratio_of(mp, mb))
    ratios.sort()
    tail = (1 - level) / 2
    return percentile(ratios, tail), percentile(ratios, 1 - tail)


def side(lo, hi, better, target):
    """Where the interval [lo, hi] lies against the regression bound."""
    if better == "lower":
        bound = 1 + target
        if hi <= bound:
            return MET
        if lo > bound:
            return MISSED
    else:
        bound = 1 - target
        if lo >= bound:
            return MET
        if hi < bound:
            return MISSED
    return UNRESOLVED


def more_boots(ratio, lo, hi, n, better, target, cap=MORE_BOOTS_CAP):
    """Smallest m (more boots per kernel, at most cap) after which an interval
    of the same shape around the same ratio, its half-width scaled by
    sqrt(n / (n + m)), no longer straddles the bound; None if not within cap.
    A rough estimate: it assumes the ratio stays where it is."""
    half = (hi - lo) / 2
    for m in range(1, cap + 1):
        h = half * math.sqrt(n / (n + m))
        if side(ratio - h, ratio + h, better, target) != UNRESOLVED:
            return m
    return None


def judge(base, patched, better, target):
    """Verdict of one targeted figure: the fields that go into summary.json."""
    nb, np_ = len(base), len(patched)
    r = ratio_of(statistics.median(patched), statistics.median(base))
    out = {"boots": {"baseline": nb, "patched": np_}, "ci_level": BOOT_LEVEL}
    if min(nb, np_) < 2:
        # one boot says nothing about the noise: no interval, no verdict
        out.update(ratio_lo=None, ratio_hi=None, verdict=UNRESOLVED, more_boots_per_kernel=None,
                   resolve_note="needs at least 2 boots per kernel for an interval")
        return out
    lo, hi = bootstrap_ratio(base, patched)
    verdict = side(lo, hi, better, target)
    out.update(ratio_lo=lo, ratio_hi=hi, verdict=verdict, more_boots_per_kernel=None, resolve_note="")
    if verdict == UNRESOLVED:
        # the kernel with fewer boots dominates the width
        m = more_boots(r, lo, hi, min(nb, np_), better, target)
        out["more_boots_per_kernel"] = m
        out["resolve_note"] = (f"about {m} more boot{'s' if m > 1 else ''} per kernel" if m is not None
                               else f"more than {MORE_BOOTS_CAP} more boots per kernel")
    return out


def fmt(v):
    if v is None:
        return "–"
    if abs(v) >= 100 or v == int(v):
        return f"{v:,.0f}"
    return f"{v:.3g}"


def main():
    if len(sys.argv) not in (3, 4, 5):
        sys.exit("usage: bench-summary.py RESULTS.csv OUTDIR [PHASES.tsv [PROFILE.tsv]]")
    src, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    phases = sys.argv[3] if len(sys.argv) >= 4 else None
    profile = sys.argv[4] if len(sys.argv) == 5 else None
    vals, units, clocks, reps = {}, {}, {}, set()
    with open(src, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            vals.setdefault((row["metric"], row["kernel"]), []).append(float(row["value"]))
            units[row["metric"]] = row["unit"]
            clocks[row["metric"]] = row["clock"]
            reps.add(row["rep"])
    if not vals:
        sys.exit(f"bench-summary.py: no figures in {src}")
    # perf's LOST count moves with when its reader wakes up, which moves what
    # it recorded; recorded + lost is what the kernel generated.
    for k in ("baseline", "patched"):
        ev, lost = vals.get(("perf_events", k)), vals.get(("perf_lost", k))
        if ev and lost and len(ev) == len(lost):
            vals[("perf_generated", k)] = [a + b for a, b in zip(ev, lost)]
            units["perf_generated"], clocks["perf_generated"] = "count", clocks["perf_events"]

    summary = {"generated": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
               "repetitions": len(reps), "metrics": {}, "shims": [],
               "bootstrap": {"seed": BOOT_SEED, "resamples": BOOT_RESAMPLES, "level": BOOT_LEVEL,
                             "statistic": "median(patched) / median(baseline)",
                             "more_boots_cap": MORE_BOOTS_CAP},
               "targets": {MET: 0, MISSED: 0, UNRESOLVED: 0}}
    version = os.environ.get("TR_BENCH_VERSION", "")
    summary["version"] = version
    for metric in dict.fromkeys(m for m, _ in vals):
        group, better, what, target = describe(metric)
        entry = {"group": group, "better": better, "what": what, "unit": units[metric],
                 "clock": clocks[metric], "target": target}
        if (version, metric) in VERSION_TARGETS:
            entry["target"], entry["target_reason"] = VERSION_TARGETS[(version, metric)]
            entry["target_default"] = target
            target = entry["target"]
        for k in ("baseline", "patched"):
            v = vals.get((metric, k))
            if v:
                entry[k] = {"min": min(v), "median": statistics.median(v), "max": max(v), "n": len(v)}
        b, p = entry.get("baseline"), entry.get("patched")
        if b and p and b["median"]:
            r = p["median"] / b["median"]
            entry["ratio"] = r
            if target is not None:
                # a regression bound: worse by more than the target fails,
                # judged on the interval; only "met" is a pass
                entry.update(judge(vals[(metric, "baseline")], vals[(metric, "patched")], better, target))
                entry["within_target"] = entry["verdict"] == MET
                summary["targets"][entry["verdict"]] += 1
        summary["metrics"][metric] = entry
    for shim, direct, what in SHIMS:
        s, d = vals.get((shim, "patched")), vals.get((direct, "patched"))
        if s and d:
            r = statistics.median(s) / statistics.median(d)
            summary["shims"].append({"shim": shim, "direct": direct, "what": what, "ratio": r,
                                     "within_target": r <= SHIM_TARGET or shim.startswith("open_first")})

    summary["profile"] = read_profile(profile)
    with open(os.path.join(outdir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
    write_md(summary, os.path.join(outdir, "bench.md"), phases)
    write_svg(summary, os.path.join(outdir, "bench.svg"))


def read_profile(path):
    """kernel, function, calls, total us -> {function: {kernel: [calls, us]}}"""
    prof = {}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) == 4:
                    prof.setdefault(p[1], {})[p[0]] = [int(p[2]), float(p[3])]
    return prof


def fmt_fine(v):
    """Enough digits to see a 1% difference."""
    return f"{v:,.0f}" if abs(v) >= 10000 else f"{v:.5g}"


def fmt_ci(e):
    if e.get("ratio_lo") is None:
        return "–"
    return f"{e['ratio_lo']:.4f} – {e['ratio_hi']:.4f}"


def target_words(e):
    words = f"≤{e['target'] * 100:g}% worse ({e['better']} is better)"
    if "target_reason" in e:
        words += f", set for this version (default ≤{e['target_default'] * 100:g}%)¹"
    return words


def write_md(s, path, phases):
    t, bs = s["targets"], s["bootstrap"]
    out = ["## Benchmarks (`make bench`)", "",
           f"{s['repetitions']} boots per kernel, alternating baseline and patched; generated {s['generated']}.",
           "Guest figures (clock *icount*) are taken under QEMU `-icount shift=0`: the guest clock follows",
           "the instruction count, so they repeat from boot to boot (min = max when nothing varies).",
           "*wall* figures are host wall-clock and vary with the machine's load. Ratio = patched median /",
           "baseline median; a target is the largest allowed regression (patched worse than baseline by more",
           "misses it; better by any amount meets it).", "",
           "### Targets", "",
           f"**{t[MET]} met, {t[MISSED]} missed, {t[UNRESOLVED]} not resolved** (not resolved is not a pass).",
           f"Each target is judged on a {bs['level'] * 100:g}% bootstrap interval of the ratio: the boots of each",
           f"kernel are resampled independently ({bs['resamples']:,} resamples, seed {bs['seed']}, so the same",
           "results.csv gives the same verdicts) and the ratio of the resampled medians is taken each time.",
           "*met*: the whole interval is on the allowed side of the bound; *missed*: the whole interval is on",
           "the wrong side; *not resolved*: the interval straddles the bound. \"To resolve\" estimates the",
           "boots to add per kernel, assuming the ratio stays and the interval narrows as sqrt(n / (n + m));",
           "with few boots the interval can only show the noise those boots happened to have.", "",
           "| figure | target | boots (baseline / patched) | baseline median | patched median | patched/baseline "
           f"| {bs['level'] * 100:g}% interval | verdict | to resolve |",
           "|---|---|---|---|---|---|---|---|---|"]
    order = {UNRESOLVED: 0, MISSED: 1, MET: 2}
    targeted = [(m, e) for m, e in s["metrics"].items() if "verdict" in e]
    for metric, e in sorted(targeted, key=lambda kv: (order[kv[1]["verdict"]], kv[1]["group"], kv[0])):
        out.append(f"| `{metric}` | {target_words(e)} | {e['boots']['baseline']} / {e['boots']['patched']} | "
                   f"{fmt_fine(e['baseline']['median'])} {e['unit']} | {fmt_fine(e['patched']['median'])} {e['unit']} | "
                   f"{e['ratio']:.4f} | {fmt_ci(e)} | {e['verdict']} | {e['resolve_note'] or '–'} |")
    if not targeted:
        out.append("| (no targeted figure measured on both kernels) | | | | | | | | |")
    reasons = sorted({e["target_reason"] for _, e in targeted if "target_reason" in e})
    if reasons:
        out += [""] + [f"¹ {s['version']}: {r} (scripts/bench-summary.py, VERSION_TARGETS)." for r in reasons]
    out += ["", "### Every figure", "",
            "| group | figure | unit | clock | baseline min / median / max | patched min / median / max | patched/baseline | target |",
            "|---|---|---|---|---|---|---|---|"]
    for metric, e in sorted(s["metrics"].items(), key=lambda kv: (kv[1]["group"], kv[0])):
        cells = []
        for k in ("baseline", "patched"):
            v = e.get(k)
            cells.append(f"{fmt(v['min'])} / **{fmt(v['median'])}** / {fmt(v['max'])}" if v else "– (no such path)")
        ratio = f"{e['ratio']:.4f}" if "ratio" in e else "–"
        if e.get("target") is None:
            tgt = "–"
        elif "verdict" in e:
            tgt = f"≤{e['target'] * 100:.0f}% worse: {e['verdict']}"
        else:
            tgt = f"≤{e['target'] * 100:.0f}% worse"
        out.append(f"| {e['group']} | {metric} ({e['what']}, {e['better']} is better) | {e['unit']} | {e['clock']} | "
                   f"{cells[0]} | {cells[1]} | {ratio} | {tgt} |")
    out += ["", "Shim paths on the patched kernel (median open+read+close through the old path / through tracefs;",
            f"target ≤ {SHIM_TARGET}× when warm):", "",
            "| comparison | ratio | target |", "|---|---|---|"]
    for sh in s["shims"]:
        tgt = "(first access: shown, no target)" if sh["shim"].startswith("open_first") else \
            f"≤ {SHIM_TARGET}×: {'within' if sh['within_target'] else 'outside'}"
        out.append(f"| {sh['what']} | {sh['ratio']:.3f}× | {tgt} |")
    if s.get("profile"):
        out += ["", "Profile of five instance mkdir + rmdir per kernel (function_graph under -icount, tracefs",
                "functions only; times include the graph tracer's cost per call, so compare the calls):", "",
                "| function | calls baseline | calls patched | µs baseline | µs patched |", "|---|---|---|---|---|"]
        for fn, v in sorted(s["profile"].items(), key=lambda kv: -max(x[1] for x in kv[1].values())):
            b, p = v.get("baseline", [0, 0.0]), v.get("patched", [0, 0.0])
            out.append(f"| {fn} | {b[0]:,} | {p[0]:,} | {b[1]:,.0f} | {p[1]:,.0f} |")
    if phases and os.path.exists(phases):
        out += ["", "Dev loop: the phases of the last `make check` in this checkout (`out/phases.tsv`, wall-clock;",
                "builds are 0–1 s when ccache and the build keys say nothing changed):", "",
                "| phase | seconds | exit |", "|---|---|---|"]
        total = 0
        with open(phases, encoding="utf-8") as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) == 3:
                    out.append(f"| {p[0]} | {p[1]} | {p[2]} |")
                    total += int(p[1])
        out.append(f"| **total** | **{total}** | |")
    out += ["", "![patched/baseline ratios](bench.svg)", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def write_svg(s, path):
    rows = [(m, e["ratio"], e.get("ratio_lo"), e.get("ratio_hi"), e.get("verdict"))
            for m, e in sorted(s["metrics"].items()) if "ratio" in e and e["clock"] == "icount"]
    width, label_w, bar_w, row_h = 860, 300, 400, 18
    height = 40 + row_h * len(rows)
    span = max([0.02] + [abs(x - 1) for row in rows for x in row[1:4] if x is not None and math.isfinite(x)])
    mid = label_w + bar_w / 2
    scale = (bar_w / 2) / span
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<text x="{mid}" y="14" text-anchor="middle">patched / baseline (median; whiskers: '
           f'{s["bootstrap"]["level"] * 100:g}% interval); guides ±1%, scale ±{span * 100:.1f}%</text>']
    for x in (mid - 0.01 * scale, mid + 0.01 * scale):
        out.append(f'<line x1="{x:.1f}" y1="22" x2="{x:.1f}" y2="{height - 4}" stroke="#aaa" stroke-dasharray="3,3"/>')
    out.append(f'<line x1="{mid}" y1="22" x2="{mid}" y2="{height - 4}" stroke="#333"/>')
    def xpos(v):
        return mid + max(-span, min(span, v - 1)) * scale
    for i, (m, r, lo, hi, verdict) in enumerate(rows):
        y = 26 + i * row_h
        x0, x1 = sorted((mid, xpos(r)))
        colour = "#4a7" if abs(r - 1) <= 0.01 else "#d84"
        out.append(f'<text x="{label_w - 6}" y="{y + 11}" text-anchor="end">{m}</text>')
        out.append(f'<rect x="{x0:.1f}" y="{y + 2}" width="{max(x1 - x0, 1):.1f}" height="{row_h - 6}" fill="{colour}"/>')
        if lo is not None:
            yc = y + row_h / 2 - 1
            out.append(f'<line x1="{xpos(lo):.1f}" y1="{yc:.1f}" x2="{xpos(hi):.1f}" y2="{yc:.1f}" stroke="#000"/>')
            for xe in (xpos(lo), xpos(hi)):
                out.append(f'<line x1="{xe:.1f}" y1="{y + 4}" x2="{xe:.1f}" y2="{y + row_h - 6}" stroke="#000"/>')
        label = f"{r:.4f}" + (f" ({verdict})" if verdict else "")
        out.append(f'<text x="{label_w + bar_w + 6}" y="{y + 11}">{label}</text>')
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
