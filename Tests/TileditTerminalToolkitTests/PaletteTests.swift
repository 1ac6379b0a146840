import Foundation
import Testing
@testable import TileditTerminalToolkit

@Suite struct PaletteTests {
    @Test func nonEmptyNoColorGivesMonochrome() {
        let palette = Palette(environment: ["NO_COLOR": "1", "COLORFGBG": "0;15"], colorCount: 256)
        #expect(palette.mode == .monochrome)
        for role in PaletteRole.allCases {
            #expect(palette.appearance(of: role).color == .terminalDefault)
        }
    }

    @Test func emptyNoColorIsIgnored() {
        let palette = Palette(environment: ["NO_COLOR": ""], colorCount: 256)
        #expect(palette.mode == .color(.dark))
    }

    @Test func fewerThanEightColorsGivesMonochrome() {
        #expect(Palette(environment: [:], colorCount: 2).mode == .monochrome)
        #expect(Palette(mode: .color(.light), colorCount: 0).mode == .monochrome)
    }

    @Test func monochromeUsesAttributesOnly() {
        let palette = Palette(mode: .monochrome)
        #expect(palette.appearance(of: .text) == RoleAppearance(color: .terminalDefault))
        #expect(palette.appearance(of: .selection) == RoleAppearance(color: .terminalDefault, attributes: .reverse))
        #expect(palette.appearance(of: .statusBar) == RoleAppearance(color: .terminalDefault, attributes: .reverse))
        #expect(palette.appearance(of: .heading) == RoleAppearance(color: .terminalDefault, attributes: .bold))
        #expect(palette.appearance(of: .error) == RoleAppearance(color: .terminalDefault, attributes: .bold))
        #expect(palette.appearance(of: .link) == RoleAppearance(color: .terminalDefault, attributes: .underline))
        #expect(palette.appearance(of: .muted) == RoleAppearance(color: .terminalDefault, attributes: .dim))
    }

    @Test func monochromeResolvesSelectionToReverse() {
        let palette = Palette(environment: ["NO_COLOR": "yes"], colorCount: 256)
        let style = CellStyle(foreground: .selectionText, background: .selection, attributes: .underline)
        #expect(palette.resolve(style) == ResolvedStyle(
            foreground: .terminalDefault,
            background: .terminalDefault,
            attributes: [.reverse, .underline]
        ))
    }

    @Test func colorResolvesRolesToColorsOnDefaultBackground() {
        let palette = Palette(mode: .color(.dark), colorCount: 256)
        #expect(palette.resolve(.plain) == ResolvedStyle(foreground: .terminalDefault, background: .terminalDefault, attributes: []))
        #expect(palette.resolve(CellStyle(foreground: .heading)) == ResolvedStyle(
            foreground: .indexed(221),
            background: .terminalDefault,
            attributes: .bold
        ))
        #expect(palette.resolve(CellStyle(foreground: .selectionText, background: .selection)) == ResolvedStyle(
            foreground: .indexed(255),
            background: .indexed(24),
            attributes: []
        ))
    }

    @Test func ordinaryRolesKeepTheDefaultBackgroundInEveryMode() {
        for mode in [Palette.Mode.color(.dark), .color(.light)] {
            for count in [8, 16, 256] {
                let palette = Palette(mode: mode, colorCount: count)
                #expect(palette.appearance(of: .text).color == .terminalDefault)
                #expect(palette.appearance(of: .overlay).color == .terminalDefault)
            }
        }
    }

    @Test func eightColorsFoldBrightColorsToNormal() {
        let sixteen = Palette(mode: .color(.dark), colorCount: 16)
        let eight = Palette(mode: .color(.dark), colorCount: 8)
        #expect(sixteen.appearance(of: .heading) == RoleAppearance(color: .ansi(11), attributes: .bold))
        #expect(eight.appearance(of: .heading) == RoleAppearance(color: .ansi(3), attributes: .bold))
        #expect(eight.appearance(of: .muted) == RoleAppearance(color: .terminalDefault, attributes: .dim))
        for role in PaletteRole.allCases {
            #expect(eight.appearance(of: role).color.colorNumber < 8)
            #expect(sixteen.appearance(of: role).color.colorNumber < 16)
        }
    }

    @Test(arguments: [
        ([:], BackgroundTone.dark),
        (["COLORFGBG": "15;0"], .dark),
        (["COLORFGBG": "0;15"], .light),
        (["COLORFGBG": "0;default;7"], .light),
        (["COLORFGBG": "7;8"], .dark),
        (["COLORFGBG": "garbage"], .dark),
        (["COLORFGBG": "15;0", "TILEDIT_BACKGROUND": "light"], .light),
        (["COLORFGBG": "0;15", "TILEDIT_BACKGROUND": "Dark"], .dark),
    ] as [([String: String], BackgroundTone)])
    func backgroundToneComesFromTheEnvironment(environment: [String: String], tone: BackgroundTone) {
        #expect(BackgroundTone.detect(in: environment) == tone)
        #expect(Palette(environment: environment, colorCount: 256).mode == .color(tone))
    }

    /// Foreground roles drawn on the default background, with the minimum
    /// contrast each needs (WCAG: 4.5 for text, 3 for borders and frames).
    private static let foregroundRoles: [(PaletteRole, Double)] = [
        (.muted, 4.5), (.accent, 4.5), (.border, 3), (.focusBorder, 3), (.heading, 4.5), (.code, 4.5),
        (.link, 4.5), (.error, 4.5), (.warning, 4.5), (.info, 4.5), (.success, 4.5), (.dirty, 4.5),
        (.tileFrame, 3), (.tileLabel, 4.5), (.quote, 4.5), (.math, 4.5), (.listMarker, 4.5),
    ]

    @Test(arguments: [BackgroundTone.dark, .light])
    func extendedColorsAreReadableOnTheirBackground(tone: BackgroundTone) throws {
        let palette = Palette(mode: .color(tone), colorCount: 256)
        let background = tone == .dark ? 0 : 15
        for (role, minimum) in Self.foregroundRoles {
            let color = palette.appearance(of: role).color
            if color == .terminalDefault {
                continue
            }
            let ratio = XtermColors.contrast(color.colorNumber, background)
            #expect(ratio >= minimum, "\(role) on \(tone): \(ratio)")
        }
    }

    @Test(arguments: [BackgroundTone.dark, .light], [8, 16, 256])
    func textOnColoredBackgroundsIsReadable(tone: BackgroundTone, colorCount: Int) {
        let palette = Palette(mode: .color(tone), colorCount: colorCount)
        for (text, background) in [(PaletteRole.selectionText, PaletteRole.selection), (.statusBarText, .statusBar)] {
            let resolved = palette.resolve(CellStyle(foreground: text, background: background))
            let ratio = XtermColors.contrast(resolved.foreground.colorNumber, resolved.background.colorNumber)
            #expect(ratio >= 4.5, "\(text) on \(background), \(tone), \(colorCount) colors: \(ratio)")
        }
    }
}

/// xterm's default colors and the WCAG contrast ratio, to check the palette.
private enum XtermColors {
    static let ansi: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    static func rgb(_ number: Int) -> (Int, Int, Int) {
        if number < 16 {
            let value = ansi[number]
            return (Int(value >> 16), Int((value >> 8) & 0xFF), Int(value & 0xFF))
        }
        if number < 232 {
            let index = number - 16
            return (cubeLevels[index / 36], cubeLevels[(index / 6) % 6], cubeLevels[index % 6])
        }
        let gray = 8 + 10 * (number - 232)
        return (gray, gray, gray)
    }

    static func luminance(_ number: Int) -> Double {
        func channel(_ value: Int) -> Double {
            let fraction = Double(value) / 255
            return fraction <= 0.03928 ? fraction / 12.92 : pow((fraction + 0.055) / 1.055, 2.4)
        }
        let (red, green, blue) = rgb(number)
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    static func contrast(_ first: Int, _ second: Int) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

