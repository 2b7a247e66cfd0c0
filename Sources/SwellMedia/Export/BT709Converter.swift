/// Rendered pixels to the 4:2:0 planes H.264 and VP9 code: ITU-R BT.709's
/// luma and colour-difference matrix, in video range (Y′ 16…235, Cb and Cr
/// 16…240), each chroma sample the average of its 2×2 block.
///
/// Why not libswscale: FFmpeg 5.1's swscale has no vectorised path from
/// BGRA to YUV 4:2:0 and takes 5.8 ms for a 1920×1080 frame on the
/// benchmark machine — a third of a frame's budget when a 60 fps export
/// must keep up with real time (docs/performance.md#video-export). This
/// loop, fixed point in 16 fractional bits and eight pixels to a vector,
/// takes about 2.5 ms.
///
/// The pixels are Cairo's premultiplied ARGB32 words; colour is taken as it
/// is, so a pixel that is not opaque is its colour over black, as video,
/// which has no alpha, shows it.
struct BT709Converter {
    // Kr = 0.2126, Kb = 0.0722 (BT.709, item 3.2); 219 and 224 steps of
    // video range for 255 of full range; each coefficient in 16 fractional
    // bits, worked out once per converter rather than per pixel.
    private let yr, yg, yb, cbr, cbg, cbb, crr, crg, crb: Int32

    init() {
        func fixed(_ value: Double) -> Int32 { Int32((value * 65_536).rounded()) }
        let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
        let yScale = 219.0 / 255, cScale = 224.0 / 255
        (yr, yg, yb) = (fixed(yScale * kr), fixed(yScale * kg), fixed(yScale * kb))
        (cbr, cbg, cbb) = (fixed(-cScale * kr / (2 * (1 - kb))), fixed(-cScale * kg / (2 * (1 - kb))), fixed(cScale / 2))
        (crr, crg, crb) = (fixed(cScale / 2), fixed(-cScale * kg / (2 * (1 - kr))), fixed(-cScale * kb / (2 * (1 - kr))))
    }

    /// Converts `width`×`height` words, rows of `width`, into the three
    /// planes at `luma`, `cb`, `cr` with their strides in bytes. Chroma has
    /// ⌈width/2⌉×⌈height/2⌉ samples; a block at an odd edge averages the
    /// pixels it has, repeated.
    func convert(_ pixels: UnsafePointer<UInt32>, width: Int, height: Int,
                 luma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
                 cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, chromaStride: Int) {
        // 128 and a half step, in the 18 fractional bits of a sum of four.
        let chromaOffset: Int32 = 128 << 18 + 1 << 17
        for row in stride(from: 0, to: height, by: 2) {
            let below = min(row + 1, height - 1)
            let top = pixels + row * width, bottom = pixels + below * width
            let topLuma = luma + row * lumaStride, bottomLuma = luma + below * lumaStride
            let cbRow = cb + row / 2 * chromaStride, crRow = cr + row / 2 * chromaStride
            // Eight columns at a time, in vector lanes; the rest one block
            // at a time.
            var column = 0
            if below == row + 1 {
                while column + 8 <= width {
                    let (red, green, blue) = (lumaLanes(top + column, into: topLuma + column) &+
                                              lumaLanes(bottom + column, into: bottomLuma + column)).pairSums
                    let cbLanes = (cbr &* red &+ cbg &* green &+ cbb &* blue &+ chromaOffset) &>> 18
                    let crLanes = (crr &* red &+ crg &* green &+ crb &* blue &+ chromaOffset) &>> 18
                    UnsafeMutableRawPointer(cbRow + column / 2).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: cbLanes),
                                                                           as: SIMD4<UInt8>.self)
                    UnsafeMutableRawPointer(crRow + column / 2).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: crLanes),
                                                                           as: SIMD4<UInt8>.self)
                    column += 8
                }
            }
            while column < width {
                let next = min(column + 1, width - 1)
                // Written twice at an odd edge: the same value.
                let (r0, g0, b0) = lumaSample(top[column], into: topLuma + column)
                let (r1, g1, b1) = lumaSample(top[next], into: topLuma + next)
                let (r2, g2, b2) = lumaSample(bottom[column], into: bottomLuma + column)
                let (r3, g3, b3) = lumaSample(bottom[next], into: bottomLuma + next)
                let red = r0 &+ r1 &+ r2 &+ r3, green = g0 &+ g1 &+ g2 &+ g3, blue = b0 &+ b1 &+ b2 &+ b3
                cbRow[column / 2] = UInt8(truncatingIfNeeded: (cbr &* red &+ cbg &* green &+ cbb &* blue &+ chromaOffset) &>> 18)
                crRow[column / 2] = UInt8(truncatingIfNeeded: (crr &* red &+ crg &* green &+ crb &* blue &+ chromaOffset) &>> 18)
                column += 2
            }
        }
    }

    /// Eight pixels' red, green and blue, in lanes.
    private struct Lanes {
        var red, green, blue: SIMD8<Int32>

        static func &+ (a: Lanes, b: Lanes) -> Lanes {
            Lanes(red: a.red &+ b.red, green: a.green &+ b.green, blue: a.blue &+ b.blue)
        }

        /// The sums of neighbouring pixels, 0+1, 2+3, …: four blocks' worth.
        var pairSums: (SIMD4<Int32>, SIMD4<Int32>, SIMD4<Int32>) {
            (red.evenHalf &+ red.oddHalf, green.evenHalf &+ green.oddHalf, blue.evenHalf &+ blue.oddHalf)
        }
    }

    /// ``lumaSample(_:into:)`` for the eight words at `source`.
    @inline(__always)
    private func lumaLanes(_ source: UnsafePointer<UInt32>, into target: UnsafeMutablePointer<UInt8>) -> Lanes {
        let words = UnsafeRawPointer(source).loadUnaligned(as: SIMD8<UInt32>.self)
        let mask = SIMD8<UInt32>(repeating: 0xFF)
        let r = SIMD8<Int32>(truncatingIfNeeded: (words &>> 16) & mask)
        let g = SIMD8<Int32>(truncatingIfNeeded: (words &>> 8) & mask)
        let b = SIMD8<Int32>(truncatingIfNeeded: words & mask)
        let offset: Int32 = 16 << 16 + 1 << 15
        let y = (yr &* r &+ yg &* g &+ yb &* b &+ offset) &>> 16
        UnsafeMutableRawPointer(target).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: y), as: SIMD8<UInt8>.self)
        return Lanes(red: r, green: g, blue: b)
    }

    /// Writes the luma of `word` at `target` and returns its red, green
    /// and blue, for the block's chroma.
    @inline(__always)
    private func lumaSample(_ word: UInt32, into target: UnsafeMutablePointer<UInt8>) -> (Int32, Int32, Int32) {
        let r = Int32(truncatingIfNeeded: (word &>> 16) & 0xFF)
        let g = Int32(truncatingIfNeeded: (word &>> 8) & 0xFF)
        let b = Int32(truncatingIfNeeded: word & 0xFF)
        // 16 and a half step, in 16 fractional bits.
        let offset: Int32 = 16 << 16 + 1 << 15
        target.pointee = UInt8(truncatingIfNeeded: (yr &* r &+ yg &* g &+ yb &* b &+ offset) &>> 16)
        return (r, g, b)
    }
}
