// ExplicitAnimations — Robert Böhnke, "Animations Explained" (objc.io issue
// 12).
//
// The article's explicit animations, each in its own scene on a manual
// clock starting at 0, printing the presented values it samples:
//
// - rocket:  a basic animation of position.x, the model updated;
// - byValue: one animation reused on two rockets, the second later;
// - timing:  the same flight with each timing function;
// - shake:   an additive keyframe animation;
// - orbit:   a paced, additive, auto-rotating path animation;
// - shuffle: an animation group starting after the commit.
import Foundation
import SwellCore

basicRocket()
reusedByValueAnimation()
timingFunctionRockets()
shakingForm()
orbitingSatellite()
shuffledCard()
