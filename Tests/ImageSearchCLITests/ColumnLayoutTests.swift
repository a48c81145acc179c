import Testing

@testable import imagesearch

@Suite("one column layout for every mode")
struct ColumnLayoutTests {
    static let rows = [
        ScreenContent.Row(
            id: 8_279_223, size: "6000 x 4000", likes: 1_234, user: "a rather long user name",
            tags: "red fox, animal, mammal"),
        ScreenContent.Row(id: 7, size: "640 x 480", likes: 5, user: "eve", tags: "owl"),
    ]

    @Test("at every width, a line fits and every number in it is whole", arguments: 8...100)
    func numbersWhole(width: Int) {
        let layout = ColumnLayout(rows: Self.rows, width: width)
        #expect(DisplayWidth.width(of: layout.header) <= width)
        for (index, row) in Self.rows.enumerated() {
            let line = layout.line(row, number: index + 1)
            #expect(DisplayWidth.width(of: line) <= width, "\(width): \(line)")
            let fields = line.split(separator: " ").map(String.init)
            #expect(fields.first == String(index + 1))
            if fields.count > 1 { #expect(fields[1] == String(row.id), "\(width): \(line)") }
            if line.contains(String(row.likes).prefix(1)), fields.count > 2 {
                #expect(fields.contains(String(row.likes)), "\(width): \(line)")
            }
        }
    }

    @Test("text columns give way first: SIZE where there is room, then USER and TAGS cut")
    func textGivesWay() {
        let wide = ColumnLayout(rows: Self.rows, width: 100)
        #expect(wide.header.contains("SIZE") && wide.header.contains("TAGS"))
        let narrow = ColumnLayout(rows: Self.rows, width: 40)
        #expect(!narrow.header.contains("SIZE"))
        #expect(narrow.header.contains("LIKES") && narrow.header.contains("USER"))
        #expect(narrow.line(Self.rows[0], number: 1).contains("1234"))
        let tiny = ColumnLayout(rows: Self.rows, width: 12)
        #expect(tiny.header == "#       ID", "LIKES went whole, ID stayed whole")
    }

    @Test("with no width (piped), nothing is cut")
    func piped() {
        let layout = ColumnLayout(rows: Self.rows, width: nil)
        let line = layout.line(Self.rows[0], number: 1)
        #expect(
            line.contains("a rather long user name") && line.hasSuffix("red fox, animal, mammal"))
        #expect(line.contains("6000 x 4000"))
    }
}
