/// Punycode (RFC 3492): Unicode labels written with ASCII letters, digits and `-`, as
/// browsers show a host label that could pass for another (`xn--` + this encoding).
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN: UInt32 = 0x80

    /// The encoding of `scalars` (without the `xn--` prefix), or `nil` when a count
    /// overflows (a label far longer than DNS allows).
    static func encode(_ scalars: [UInt32]) -> String? {
        var output = scalars.filter { $0 < 0x80 }.compactMap(Unicode.Scalar.init).map(
            Character.init)
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            guard let next = scalars.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = Int(next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int.max - step else { return nil }
            delta += step
            n = next
            for scalar in scalars {
                if scalar < n {
                    guard delta < Int.max else { return nil }
                    delta += 1
                }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            guard delta < Int.max, n < UInt32.max else { return nil }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: scalar)))
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
