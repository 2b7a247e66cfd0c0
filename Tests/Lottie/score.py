#!/usr/bin/env python3
"""Score Lottie renders against the reference frames in Tests/Fixtures/Lottie.

Needs Python 3 with numpy and Pillow; the ThorVG commands and --thorvg-within also
need thorvg-python. Tests/Lottie/venv.sh makes a virtualenv with all three.

Two reference sets, both in Tests/Fixtures/Lottie (found from this script's folder):

  test-files  143 After Effects frames of 80 one-feature files (LottieFiles/test-files).
              A render set holds CAT/NAME-NN.png: frame NN of test-files/CAT/NAME.json,
              counted from the file's ip, at NN / fr seconds, at the file's w x h.
              Scored as upstream does: the frame passes when UQI > 0.95.
  apple-ca    290 snapshots by Apple's Core Animation of 58 lottie-ios samples.
              A render set holds NAME-P.png: samples/NAME.json at progress P (0, 25, 50,
              75, 100), at the manifest's --at time and pixel size, aspect-fit and centred.
              Rule: both images composited over white; a pixel is off when a channel
              differs by more than 24 (of 255); a snapshot passes with <= 2 % off.

Commands:
  score.py test-files RENDERS [--min N] [--thorvg-within PCT] [--only TEXT]
  score.py apple-ca RENDERS [--min N] [--only TEXT]
  score.py list test-files|apple-ca [--only TEXT]
      one line per frame, tab-separated: json (absolute path), output path relative to
      RENDERS, --at seconds, width, height. For example:
        score.py list apple-ca | while IFS=$'\\t' read -r json out t w h; do
          mkdir -p "R/$(dirname "$out")"; swell render "$json" -o "R/$out" --at "$t" --size "${w}x$h"
        done
  score.py thorvg-dir test-files|apple-ca OUT [--only TEXT]
      render every frame of a set with ThorVG into OUT, in the layout above
  score.py thorvg-file anim.json OUT.png [--at SECONDS] [--size WxH]
      one ThorVG frame, aspect-fit and centred in WxH (default: the file's w x h)
  score.py diff A.png B.png [--max PCT]
      % of pixels off between two PNGs by the apple-ca rule (composited over white)

--min N exits 1 when fewer than N frames pass; diff --max PCT exits 1 above PCT % off.
ThorVG renders use straight (un-premultiplied) alpha, as PNG stores it.
"""
import argparse
import json
import re
import signal
import sys
import time
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "Fixtures" / "Lottie"
TEST_FILES = FIXTURES / "test-files"
APPLE_CA = FIXTURES / "apple-ca"

OFF_LEVEL = 24     # a pixel is off when a channel differs by more than this (of 255)
APPLE_PCT = 2.0    # an apple-ca snapshot passes with at most this % of pixels off
UQI_PASS = 0.95    # a test-files frame passes when UQI is above this


# --- the frames of each set ---------------------------------------------------------------
class Frame:
    """One reference frame: where its animation is, when and how big to render it."""

    def __init__(self, out, json_path, frame, at, width, height, reference):
        self.out = out                # render path relative to RENDERS
        self.json = json_path         # the animation (absolute)
        self.frame = frame            # frame number counted from ip (for ThorVG)
        self.at = at                  # seconds after ip (for --at)
        self.width, self.height = width, height
        self.reference = reference    # the reference PNG (absolute)


def test_files_frames(only=None):
    out = []
    for png in sorted(TEST_FILES.rglob("*.png")):
        m = re.fullmatch(r"(.*)-([0-9]+)", png.stem)
        if not m:
            continue  # layers/asset.png, the image the image layers embed
        rel = png.relative_to(TEST_FILES).as_posix()
        if only and only not in rel:
            continue
        src = png.parent / (m.group(1) + ".json")
        d = json.loads(src.read_text())
        frame = int(m.group(2))
        out.append(Frame(rel, src, float(frame), frame / float(d["fr"]), int(d["w"]), int(d["h"]), png))
    return out


def apple_ca_frames(only=None):
    manifest = json.loads((APPLE_CA / "manifest.json").read_text())
    out = []
    for s in manifest["snapshots"]:
        name = Path(s["sample"]).stem
        rel = f"{name}-{round(s['progress'] * 100)}.png"
        if only and only not in rel:
            continue
        out.append(Frame(rel, APPLE_CA / s["sample"], float(s["frame"]), float(s["at"]),
                         int(s["width"]), int(s["height"]), APPLE_CA / s["snapshot"]))
    return out


SETS = {"test-files": test_files_frames, "apple-ca": apple_ca_frames}


# --- UQI ------------------------------------------------------------------------------------
# Credit: the UQI code below is taken from compare.py, the scorer that came with our copy of
# LottieFiles/test-files (MIT licence, Copyright (c) 2023 LottieFiles; the text is in
# Tests/Fixtures/Lottie/test-files/LICENSE). It does what upstream's tools/report does:
# sewar.full_ref.uqi (window 8, scipy uniform_filter in "reflect" mode) over B, G, R, A with
# fully transparent pixels set to 0, and gives the same numbers on all 143 frames.
def _box_mean(a, ws):
    lo = ws // 2
    hi = ws - lo - 1
    p = np.pad(a, ((lo, hi), (lo, hi)), mode="symmetric")
    c = np.pad(p.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    # integer sums are exact; dividing by 64 gives the same doubles as scipy's filter
    return (c[ws:, ws:] - c[:-ws, ws:] - c[ws:, :-ws] + c[:-ws, :-ws]) / float(ws * ws)


def _uqi_channel(gt, p, ws=8):
    n = ws ** 2
    gt = gt.astype(np.int64)
    p = p.astype(np.int64)
    gt_sum, p_sum = _box_mean(gt, ws), _box_mean(p, ws)
    gt_sq_sum, p_sq_sum, gt_p_sum = _box_mean(gt * gt, ws), _box_mean(p * p, ws), _box_mean(gt * p, ws)
    mul = gt_sum * p_sum
    sq_mul = gt_sum * gt_sum + p_sum * p_sum
    num = 4 * (n * gt_p_sum - mul) * mul
    den1 = n * (gt_sq_sum + p_sq_sum) - sq_mul
    den = den1 * sq_mul
    q = np.ones(den.shape)
    i = np.logical_and(den1 == 0, sq_mul != 0)
    q[i] = 2 * mul[i] / sq_mul[i]
    i = den != 0
    q[i] = num[i] / den[i]
    s = int(np.round(ws / 2))
    return np.mean(q[s:-s, s:-s])


def _bgra(img):
    a = np.array(img.convert("RGBA"))
    a[a[..., 3] == 0] = 0
    return a[..., [2, 1, 0, 3]]


def uqi(reference, render):
    r, g = _bgra(reference), _bgra(render)
    return float(np.mean([_uqi_channel(r[..., c], g[..., c]) for c in range(4)]))


# --- the apple-ca rule ---------------------------------------------------------------------
def over_white(img):
    """The R, G, B planes over an opaque white background, rounded to 8 bits (as int32).
    (c*a + 255*(255-a)) / 255 is never halfway between integers, so the rounding is exact."""
    a = np.asarray(img.convert("RGBA"), dtype=np.int32)
    alpha = a[..., 3]
    white = 255 * (255 - alpha) + 127
    return [(a[..., c] * alpha + white) // 255 for c in range(3)]


def percent_off(a, b):
    """% of pixels whose largest channel difference, over white, is above OFF_LEVEL."""
    off = None
    for x, y in zip(over_white(a), over_white(b)):
        o = np.abs(x - y) > OFF_LEVEL
        off = o if off is None else off | o
    return 100.0 * np.count_nonzero(off) / off.size


# --- ThorVG ---------------------------------------------------------------------------------
_engine = None


def thorvg_render(json_path, frame, width, height):
    """The frame (counted from ip) drawn by ThorVG, aspect-fit and centred in width x height,
    with straight alpha; None when ThorVG cannot load the file."""
    global _engine
    import thorvg_python as tvg

    if _engine is None:
        _engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(_engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)  # straight, not premultiplied
    anim = tvg.LottieAnimation(_engine)
    pic = anim.get_picture()
    if pic.load(str(json_path)) != tvg.Result.SUCCESS:
        canvas.destroy()
        return None
    _, w, h = pic.get_size()
    s = min(width / w, height / h)
    pic.set_size(w * s, h * s)
    pic.translate((width - w * s) / 2, (height - h * s) / 2)
    canvas.add(pic)
    anim.set_frame(float(frame))
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    img = canvas.get_pillow()
    canvas.destroy()
    return img


# --- commands -------------------------------------------------------------------------------
def cmd_list(args):
    for f in SETS[args.set](args.only):
        print(f"{f.json}\t{f.out}\t{f.at!r}\t{f.width}\t{f.height}")
    return 0


def load_render(path, ref):
    """(image, None) or (None, reason) for a render that must match ref's size."""
    if not path.exists():
        return None, "MISSING"
    img = Image.open(path).convert("RGBA")
    if img.size != ref.size:
        return None, f"SIZE {img.width}x{img.height}, reference {ref.width}x{ref.height}"
    return img, None


def cmd_test_files(args):
    frames = test_files_frames(args.only)
    passed = clear = within = 0
    for f in frames:
        ref = Image.open(f.reference).convert("RGBA")
        got, why = load_render(args.renders / f.out, ref)
        tv = ""
        if args.thorvg_within is not None:
            t = thorvg_render(f.json, f.frame, f.width, f.height)
            if t is None:
                tv = "  thorvg cannot load"
            elif got is None:
                tv = "  thorvg -"
            else:
                pct = percent_off(got, t)
                ok = pct <= args.thorvg_within
                within += ok
                tv = f"  thorvg {pct:6.2f} % off {'ok ' if ok else 'OFF'}"
        if got is None:
            print(f"{why.split()[0]:8s} score 0   {tv}  {f.out}" + (f": {why[5:]}" if why != "MISSING" else ""))
            continue
        u = uqi(ref, got)
        score = 1.0 if u > UQI_PASS else u ** 3
        passed += u > UQI_PASS
        clear += score >= 0.8
        tag = "PASS" if u > UQI_PASS else ("WARN" if score >= 0.8 else "FAIL")
        print(f"{tag:8s} uqi {u:.4f}{tv}  {f.out}")
    n = len(frames)
    print(f"{passed} of {n} frames pass (UQI > {UQI_PASS}); {clear} of {n} score at least 0.8")
    if args.thorvg_within is not None:
        print(f"{within} of {n} frames within {args.thorvg_within:g} % of ThorVG "
              f"(pixels off: a channel differs by more than {OFF_LEVEL} with both over white)")
    return 1 if args.min is not None and passed < args.min else 0


def cmd_apple_ca(args):
    frames = apple_ca_frames(args.only)
    passed = 0
    worst = (-1.0, "")
    for f in frames:
        ref = Image.open(f.reference).convert("RGBA")
        got, why = load_render(args.renders / f.out, ref)
        if got is None:
            print(f"{why.split()[0]:8s} {'':12s}  {f.out}" + (f": {why[5:]}" if why != "MISSING" else ""))
            continue
        pct = percent_off(ref, got)
        ok = pct <= APPLE_PCT
        passed += ok
        worst = max(worst, (pct, f.out))
        print(f"{'PASS' if ok else 'FAIL':8s} {pct:6.2f} % off  {f.out}")
    n = len(frames)
    tail = f"; worst {worst[1]} at {worst[0]:.2f} %" if worst[1] else ""
    print(f"{passed} of {n} snapshots within {APPLE_PCT:g} %{tail}")
    return 1 if args.min is not None and passed < args.min else 0


def cmd_thorvg_dir(args):
    t0 = time.monotonic()
    frames = SETS[args.set](args.only)
    failed = 0
    for f in frames:
        img = thorvg_render(f.json, f.frame, f.width, f.height)
        if img is None:
            print(f"thorvg cannot load {f.json}", file=sys.stderr)
            failed += 1
            continue
        dst = args.out / f.out
        dst.parent.mkdir(parents=True, exist_ok=True)
        img.save(dst)
    print(f"{len(frames) - failed} of {len(frames)} frames rendered by ThorVG into {args.out} "
          f"in {time.monotonic() - t0:.1f} s", file=sys.stderr)
    return 1 if failed else 0


def cmd_thorvg_file(args):
    d = json.loads(Path(args.json).read_text())
    if args.size:
        m = re.fullmatch(r"([0-9]+)x([0-9]+)", args.size)
        if not m:
            sys.exit(f"--size wants WxH, not {args.size}")
        width, height = int(m.group(1)), int(m.group(2))
    else:
        width, height = int(d["w"]), int(d["h"])
    img = thorvg_render(Path(args.json), args.at * float(d["fr"]), width, height)
    if img is None:
        sys.exit(f"thorvg cannot load {args.json}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    img.save(args.out)
    return 0


def cmd_diff(args):
    a, b = Image.open(args.a), Image.open(args.b)
    if a.size != b.size:
        sys.exit(f"sizes differ: {a.width}x{a.height} and {b.width}x{b.height}")
    pct = percent_off(a, b)
    print(f"{pct:.2f} % of pixels off")
    return 1 if args.max is not None and pct > args.max else 0


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into head
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("test-files", help="score RENDERS/CAT/NAME-NN.png against After Effects (UQI)")
    p.add_argument("renders", type=Path)
    p.add_argument("--min", type=int, help="exit 1 when fewer than MIN frames pass")
    p.add_argument("--thorvg-within", type=float, metavar="PCT",
                   help="also compare each render with ThorVG's: at most PCT %% of pixels off")
    p.add_argument("--only", metavar="TEXT", help="keep the frames whose path contains TEXT")
    p.set_defaults(run=cmd_test_files)

    p = sub.add_parser("apple-ca", help="score RENDERS/NAME-P.png against Apple's snapshots")
    p.add_argument("renders", type=Path)
    p.add_argument("--min", type=int, help="exit 1 when fewer than MIN snapshots pass")
    p.add_argument("--only", metavar="TEXT", help="keep the snapshots whose name contains TEXT")
    p.set_defaults(run=cmd_apple_ca)

    p = sub.add_parser("list", help="json, output, --at, width, height of every frame of a set")
    p.add_argument("set", choices=SETS)
    p.add_argument("--only", metavar="TEXT")
    p.set_defaults(run=cmd_list)

    p = sub.add_parser("thorvg-dir", help="render every frame of a set with ThorVG into OUT")
    p.add_argument("set", choices=SETS)
    p.add_argument("out", type=Path)
    p.add_argument("--only", metavar="TEXT")
    p.set_defaults(run=cmd_thorvg_dir)

    p = sub.add_parser("thorvg-file", help="render one frame of a Lottie file with ThorVG")
    p.add_argument("json")
    p.add_argument("out")
    p.add_argument("--at", type=float, default=0.0, help="seconds after the first frame (ip)")
    p.add_argument("--size", metavar="WxH", help="pixel size; aspect-fit and centred (default: w x h)")
    p.set_defaults(run=cmd_thorvg_file)

    p = sub.add_parser("diff", help="%% of pixels off between two PNGs (over white, channel diff > 24)")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--max", type=float, metavar="PCT", help="exit 1 when more than PCT %% are off")
    p.set_defaults(run=cmd_diff)

    args = ap.parse_args()
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
