import Foundation
import SwellCore
import SwellRender

// Renders one of docs/performance.md's scenes on one thread and prints the
// median and fastest milliseconds per frame, in wall time and in the
// thread's CPU time (which a machine busy with other work inflates less);
// writes the last frame as a PNG when asked.
//
// Usage: RenderScenes decorated|plain FRAMES [PNG]
let arguments = CommandLine.arguments
guard arguments.count >= 3, let frames = Int(arguments[2]), frames > 0,
      let scene = ["decorated": Scene.decorated, "plain": Scene.plain][arguments[1]] else {
    FileHandle.standardError.write(Data("usage: RenderScenes decorated|plain FRAMES [PNG]\n".utf8))
    exit(2)
}

let root = scene.layerTree()
let clock = ManualClock()
let host = HeadlessHost(rootLayer: root, clock: clock)
// Every layer drifts, so that each frame evaluates a running animation.
for layer in root.sublayers ?? [] {
    let drift = CABasicAnimation(keyPath: "position.x")
    drift.byValue = 4.0
    drift.duration = 1
    layer.add(drift, forKey: "drift")
}
CATransaction.flush()
let snapshot = host.latestSnapshot!
let canvas = Canvas(width: Int(Scene.width), height: Int(Scene.height))
let renderer = Renderer()

/// The calling thread's CPU time in milliseconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

var wall: [Double] = [], cpu: [Double] = []
var last: Frame?
for i in 0..<(frames + 3) {
    let (start, startCPU) = (DispatchTime.now().uptimeNanoseconds, threadCPUTime())
    let frame = renderer.render(snapshot, at: Double(i) / 60, into: canvas)
    if i >= 3 {   // three warm-up frames fill the caches
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        cpu.append(threadCPUTime() - startCPU)
    }
    last = frame
}
wall.sort()
cpu.sort()
print(String(format: "%@: %d layers at %dx%d, %d frames: wall median %.2f ms (fastest %.2f), CPU median %.2f ms (fastest %.2f) per frame",
             arguments[1], scene.boxes.count, canvas.pixelWidth, canvas.pixelHeight, frames,
             wall[wall.count / 2], wall[0], cpu[cpu.count / 2], cpu[0]))
if arguments.count > 3, let last {
    let start = DispatchTime.now().uptimeNanoseconds
    try last.writePNG(to: arguments[3])
    print(String(format: "png: %.2f ms to write %@", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, arguments[3]))
}
