#!/usr/bin/env python3
"""Writes decorated.json (a swell scene) and decorated.svg (the same picture
as SVG 1.1) for Benchmarks/scene-vs-rsvg.sh: 100 layers at 1920×1080 in a
10 × 10 grid of 170 × 90 cards — 40 rounded, bordered layers casting
shadows, 20 rounded gradients, 20 stroked star shapes and 20 text layers,
over a light canvas. And decorated-moving.json, the same scene with every
layer animated for 10 s, so each frame differs — the cards circle, the
gradients pulse, the stars turn, the text breathes — for
Benchmarks/video-export.sh.

Usage: Benchmarks/Scenes/make-decorated.py   (rewrites both files beside it)
"""
import json, math, os

W, H, CW, CH, GAP = 1920, 1080, 170, 90, 18
here = os.path.dirname(os.path.abspath(__file__))


def color(i, shift=0):
    """A colour of the palette, as #rrggbb."""
    hue = ((i * 37 + shift) % 360) / 60
    c, x = 0.7, 0.7 * (1 - abs(hue % 2 - 1))
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(hue) % 6]
    return "#%02x%02x%02x" % tuple(int(round((v + 0.2) * 255)) for v in (r, g, b))


def star(cx, cy, outer, inner):
    """SVG path data of a five-pointed star about (cx, cy)."""
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / 5
        points.append("%.2f %.2f" % (cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return "M " + " L ".join(points) + " Z"


def motion(kind, cx, cy):
    """A 10-second animation of a card of `kind` centred at (cx, cy)."""
    if kind == "card":
        r = 12
        return {"type": "keyframe", "keyPath": "position", "duration": 2, "repeatCount": 5,
                "values": [[cx + r, cy], [cx, cy + r], [cx - r, cy], [cx, cy - r], [cx + r, cy]]}
    if kind == "gradient":
        return {"type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.4, "duration": 1,
                "autoreverses": True, "repeatCount": 5}
    if kind == "shape":
        return {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 2 * math.pi,
                "duration": 10}
    return {"type": "basic", "keyPath": "transform.scale", "fromValue": 1, "toValue": 1.15, "duration": 1.25,
            "autoreverses": True, "repeatCount": 4}


layers, svg, motions = [], [], []
defs = ['<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">'
        '<feGaussianBlur in="SourceAlpha" stdDeviation="4"/><feOffset dx="0" dy="3" result="b"/>'
        '<feFlood flood-color="black" flood-opacity="0.5"/><feComposite in2="b" operator="in"/>'
        '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>']
for i in range(100):
    row, col = divmod(i, 10)
    x = GAP + col * (CW + GAP)
    y = GAP + row * (CH + GAP)
    layer = {"name": "card%d" % i, "position": [x + CW / 2, y + CH / 2], "bounds": [0, 0, CW, CH]}
    kind = ["card", "card", "gradient", "shape", "text"][i % 5]
    if kind == "card":
        # A shadow of σ = shadowRadius (docs/render.md), offset 3 points
        # down, at half opacity: SVG's drop shadow of the same blur.
        layer.update({"type": "layer", "backgroundColor": color(i), "cornerRadius": 12,
                      "borderWidth": 3, "borderColor": color(i, 180),
                      "shadowOpacity": 0.5, "shadowRadius": 4, "shadowOffset": [0, 3]})
        svg.append('<rect x="%g" y="%g" width="%g" height="%g" rx="10.5" fill="%s" stroke="%s" stroke-width="3" '
                   'filter="url(#shadow)"/>' % (x + 1.5, y + 1.5, CW - 3, CH - 3, color(i), color(i, 180)))
    elif kind == "gradient":
        layer.update({"type": "gradient", "colors": [color(i), color(i, 120)], "startPoint": [0, 0],
                      "endPoint": [1, 1], "cornerRadius": 12, "masksToBounds": True})
        defs.append('<linearGradient id="g%d" gradientUnits="userSpaceOnUse" x1="%g" y1="%g" x2="%g" y2="%g">'
                    '<stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>'
                    % (i, x, y, x + CW, y + CH, color(i), color(i, 120)))
        svg.append('<rect x="%g" y="%g" width="%g" height="%g" rx="12" fill="url(#g%d)"/>' % (x, y, CW, CH, i))
    elif kind == "shape":
        layer.update({"type": "shape", "path": star(CW / 2, CH / 2, 40, 17), "fillColor": color(i),
                      "strokeColor": "#202020", "lineWidth": 3, "lineJoin": "round"})
        svg.append('<path transform="translate(%g %g)" d="%s" fill="%s" stroke="#202020" stroke-width="3" '
                   'stroke-linejoin="round"/>' % (x, y, star(CW / 2, CH / 2, 40, 17), color(i)))
    else:
        layer.update({"type": "text", "string": "Layer %d" % i, "fontSize": 28, "foregroundColor": "#202020",
                      "alignmentMode": "center", "backgroundColor": "#ffffffc0", "cornerRadius": 8})
        svg.append('<rect x="%g" y="%g" width="%g" height="%g" rx="8" fill="#ffffff" fill-opacity="0.75"/>'
                   '<text x="%g" y="%g" font-family="DejaVu Sans" font-size="28" fill="#202020" '
                   'text-anchor="middle">Layer %d</text>' % (x, y, CW, CH, x + CW / 2, y + 28, i))
    layers.append(layer)
    motions.append({"at": 0, "layer": layer["name"], "key": "motion", "add": motion(kind, x + CW / 2, y + CH / 2)})

scene = {"version": 1, "canvas": {"width": W, "height": H, "backgroundColor": "#f2f4f7"}, "layers": layers}
with open(os.path.join(here, "decorated.json"), "w") as f:
    json.dump(scene, f, indent=1)
    f.write("\n")
with open(os.path.join(here, "decorated-moving.json"), "w") as f:
    json.dump(dict(scene, events=motions), f, indent=1)
    f.write("\n")
with open(os.path.join(here, "decorated.svg"), "w") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">\n' % (W, H, W, H))
    f.write("<defs>\n%s\n</defs>\n" % "\n".join(defs))
    f.write('<rect width="%d" height="%d" fill="#f2f4f7"/>\n' % (W, H))
    f.write("\n".join(svg) + "\n</svg>\n")
