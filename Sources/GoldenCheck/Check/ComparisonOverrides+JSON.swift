import Geometry

/// A `check` object in a scenario or a suite's defaults, as JSON gives it: the options' own names,
/// masks as `[x, y, width, height]` in points; a key that names no option is refused, so that a
/// typo never passes for a tolerance.
extension ComparisonOverrides: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let known = Set(InvalidComparison.Option.allCases.map(\.rawValue))
        if let unknown = c.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [unknown], debugDescription:
                "unknown key \"\(unknown.stringValue)\" (expected one of: \(known.sorted().joined(separator: ", ")))"))
        }
        func key(_ option: InvalidComparison.Option) -> Key { Key(stringValue: option.rawValue) }
        self.init(tolerance: try c.decodeIfPresent(Int.self, forKey: key(.tolerance)),
                  threshold: try c.decodeIfPresent(Double.self, forKey: key(.threshold)),
                  maxDiffPixels: try c.decodeIfPresent(Int.self, forKey: key(.maxDiffPixels)),
                  maxDiffRatio: try c.decodeIfPresent(Double.self, forKey: key(.maxDiffRatio)),
                  masks: try c.decodeIfPresent([[Double]].self, forKey: key(.masks)).map { boxes in
                      try boxes.map { box in
                          guard box.count == 4 else {
                              throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [key(.masks)], debugDescription:
                                  "a mask is [x, y, width, height] in points"))
                          }
                          return Rect(x: box[0], y: box[1], width: box[2], height: box[3])
                      }
                  },
                  offsetTolerance: try c.decodeIfPresent(Double.self, forKey: key(.offsetTolerance)))
    }
}
