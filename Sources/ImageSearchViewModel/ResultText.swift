import Foundation
import ImageSearchModel

/// The text formats shared by the cell and detail view models.
enum ResultText {
    /// `"1500 x 3000"`: the full-size image's width and height.
    static func pageImageSize(of image: ImageEntity) -> String {
        "\(image.pageImageWidth) x \(image.pageImageHeight)"
    }

    /// `"a, b"`: the tags joined with a comma and a space.
    static func tags(of image: ImageEntity) -> String {
        image.tags.joined(separator: ", ")
    }

    /// A count with the grouping separators of `locale` (`en_US`: `123,456,789`,
    /// `de_DE`: `123.456.789`).
    static func count(_ value: Int64, locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}
