#!/usr/bin/env python3
"""ThorVG's side of lottie-frame.sh and lottie-export.sh: frames of a Lottie file drawn by
thorvg-python (ThorVG's software renderer, on this thread: Engine(threads=0)), as
`swell render anim.json --size WxH --fps FPS` draws them — frame k at AT + k/FPS seconds
after the first frame (AT: --at, default 0), aspect-fit and centred in W x H (Tests/Lottie/score.py's
thorvg-file, frame after frame on one canvas).

  thorvg-frames.py ANIM.json --size WxH --fps FPS --count N [--at AT] --png DIR
      writes frame k as DIR/NNNN.png (Pillow, zlib level 6 as Cairo's PNG writer;
      straight alpha, as PNG stores it)
  thorvg-frames.py ANIM.json --size WxH --fps FPS --count N --raw
      writes the frames to standard output as raw RGBA (for ffmpeg -f rawvideo)
  thorvg-frames.py ANIM.json --size WxH --fps FPS --count N
      draws them and keeps nothing

and prints to standard error, in-process: the median milliseconds a frame takes to draw
(set_frame, update, draw, sync) and, with --png, to encode and write.
"""
import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import thorvg_python as tvg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--size", required=True)
    ap.add_argument("--fps", type=float, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--at", type=float, default=0.0)
    out = ap.add_mutually_exclusive_group()
    out.add_argument("--png", metavar="DIR")
    out.add_argument("--raw", action="store_true")
    args = ap.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    rate = float(json.loads(Path(args.json).read_text())["fr"])

    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    if pic.load(args.json) != tvg.Result.SUCCESS:
        sys.exit(f"thorvg cannot load {args.json}")
    _, w, h = pic.get_size()
    s = min(width / w, height / h)
    pic.set_size(w * s, h * s)
    pic.translate((width - w * s) / 2, (height - h * s) / 2)
    canvas.add(pic)
    if args.png:
        Path(args.png).mkdir(parents=True, exist_ok=True)
    sink = sys.stdout.buffer

    draw_ms, write_ms = [], []
    for k in range(args.count):
        t0 = time.perf_counter()
        anim.set_frame((args.at + k / args.fps) * rate)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        t1 = time.perf_counter()
        if args.png:
            canvas.get_pillow().save(f"{args.png}/{k:04d}.png", compress_level=6)
        elif args.raw:
            sink.write(bytes(canvas.buffer_arr))
        draw_ms.append((t1 - t0) * 1e3)
        write_ms.append((time.perf_counter() - t1) * 1e3)
    canvas.destroy()
    line = f"thorvg in-process: draw {statistics.median(draw_ms):.2f} ms a frame (median of {args.count})"
    if args.png:
        line += f", PNG encode and write {statistics.median(write_ms):.2f} ms"
    print(line, file=sys.stderr)


if __name__ == "__main__":
    main()
