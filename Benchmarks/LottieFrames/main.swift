import Foundation
import SwellCore
import SwellLottie
import SwellRender

// lottie-frame.sh's Swell side, in-process: frames of a Lottie file on one
// thread as `swell render anim.json --size WxH --fps FPS -o frames/` makes
// them — a LottieLayer filling the canvas under a root of the canvas's
// size, on a host whose clock is set frame by frame (FrameRecorder.step) —
// with the file read and the tree built before the clock starts. Frame k is
// at k/FPS s. Prints the median and fastest milliseconds per frame of the
// step (events, clock, the display frame's life cycle and layout), of the
// render (the snapshot evaluated and composited by Cairo) and of the two
// together, in wall time and in the thread's CPU time; then the time to
// encode the last frame as PNG bytes, for the record, and writes it to PNG
// when one is named.
//
// Usage: LottieFrames ANIM.json WIDTHxHEIGHT FPS FRAMES [PNG]
let arguments = CommandLine.arguments
let size = (5...6).contains(arguments.count) ? arguments[2].split(separator: "x").compactMap { Int($0) } : []
guard size.count == 2, let fps = Double(arguments[3]), fps > 0, let frames = Int(arguments[4]), frames > 0 else {
    FileHandle.standardError.write(Data("usage: LottieFrames ANIM.json WIDTHxHEIGHT FPS FRAMES [PNG]\n".utf8))
    exit(2)
}
let (width, height) = (size[0], size[1])

let images = LottieImageDecoder { data, name in try CGImage(data: data, name: name) }
let animation = try LottieAnimation(contentsOfFile: arguments[1], images: images)
let root = CALayer()
root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
root.anchorPoint = .zero
let layer = LottieLayer(animation: animation)
layer.bounds = root.bounds
layer.position = CGPoint(x: Double(width) / 2, y: Double(height) / 2)
root.addSublayer(layer)
let clock = ManualClock()
let host = HeadlessHost(rootLayer: root, clock: clock)
CATransaction.flush()
let canvas = Canvas(width: width, height: height)
let renderer = Renderer()

/// The calling thread's CPU time in milliseconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}
func wallTime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

var step: [Double] = [], render: [Double] = [], total: [Double] = [], cpu: [Double] = []
var last: Frame?
for k in 0..<frames {
    let time = Double(k) / fps
    let (start, startCPU) = (wallTime(), threadCPUTime())
    host.runEvents(through: time)
    clock.set(time)
    host.displayFrame(at: time)
    let stepped = wallTime()
    let frame = renderer.render(host.latestSnapshot!, at: time, into: canvas)
    let end = wallTime()
    cpu.append(threadCPUTime() - startCPU)
    step.append(stepped - start)
    render.append(end - stepped)
    total.append(end - start)
    last = frame
}
func summary(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return String(format: "%.2f (fastest %.2f)", sorted[sorted.count / 2], sorted[0])
}
print("swell in-process, \(frames) frames at \(width)x\(height), ms a frame, median: "
      + "step \(summary(step)), render \(summary(render)); frame \(summary(total)) wall, \(summary(cpu)) CPU")
if let last {
    let start = wallTime()
    let bytes = try last.pngData()
    print(String(format: "swell PNG encoding of the last frame: %.2f ms (%d bytes)", wallTime() - start, bytes.count))
    if arguments.count == 6 { try last.writePNG(to: arguments[5]) }
}
