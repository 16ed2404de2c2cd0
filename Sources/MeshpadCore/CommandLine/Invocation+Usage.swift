extension Invocation {
    /// `meshpad --help`: the synopsis of each verb, what they do, then every option in `OptionSpec.all`.
    public static let usage = synopsis + "\n\noptions:\n" + OptionSpec.all.map(\.usageLines).joined(separator: "\n")
        + "\n\nkeys on the map (from the action table; every one is also a button or a menu row):\n"
        + ActionTable.keyTable(markdown: false).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")

    private static let synopsis = """
        usage: meshpad [FILE] [--size WxH] [--theme T] [--scale S] [--record SESSION.jsonl]
                       [--read-only] [--kiosk [--attract SCRIPT.jsonl]] [--config CONFIG.json]
               meshpad --procedural N [--seed S] [--size WxH] [--theme T] [--scale S] [--record SESSION.jsonl]
               meshpad render (--sample | --procedural N [--seed S] | FILE) OUT.png [--size WxH] [--fit] [--theme T] [--live]
               meshpad convert (IN [--sheet N] | --db URL --shared NAME) OUT [--scale S] [--theme T]
                               [--paper a4|letter] [--landscape] [--one-page | --tiled | --outline] [--no-notes]
               meshpad bench [--nodes N] [--frames F] [--size WxH] [--renderer software|accelerated] [--app]
               meshpad bench --db URL [--nodes N]
               meshpad soak [--events N] [--seed S] [--map FILE | --sample | --procedural N] [--size WxH]
               meshpad replay SCRIPT.jsonl [--map FILE | --sample | --procedural N [--seed S]]
                              [--size WxH] [--dump STATE.json] [--screenshot OUT.png] [--realtime] [--autosave]
                              [--theme T] [--scale S] [--live]
               meshpad --db URL --shared NAME [--size WxH] [--theme T] [--scale S] [--read-only]
               meshpad share MAP [--name NAME] --db URL
               meshpad db init URL
               meshpad --help | --version | --keys

        Opens a mind map in a window: the built-in sample map, a file, or a random map of N nodes
        (the same map for the same seed). `render` draws the map headless, with no display, and
        writes a PNG. `convert` turns a map into another format, chosen by the extensions:
        .meshpad, .mm (FreeMind/Freeplane), .opml, .md (Markdown), .xmind, .mmd (Mermaid), and .svg,
        .png or .pdf (export only; a PDF on one page, tiled over pages, or as an outline).
        `replay` runs the app headless on a recorded or written script of input events, lets
        every animation settle, then writes the state as JSON and/or a screenshot.
        A shared map lives in PostgreSQL and is edited from several screens at once: `db init`
        makes the tables, `share` puts a map there, and `--db URL --shared NAME` opens it (in the
        window, and in `render`, `replay` and `convert` in place of a file).
        """
}

extension OptionSpec {
    /// The column the help text starts in, after the names and placeholder.
    static let helpColumn = 19

    /// The option's entry in the help: `  --size WxH       window or image size…`, its help's
    /// further lines indented under its first.
    var usageLines: String {
        var names = (shortName.map { [$0] } ?? []) + [name]
        if case .value(let placeholder, _, _) = argument { names[names.count - 1] += " " + placeholder }
        let head = "  " + names.joined(separator: ", ")
        let indent = String(repeating: " ", count: Self.helpColumn)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        return head + String(repeating: " ", count: max(1, Self.helpColumn - head.count)) + lines.joined(separator: "\n" + indent)
    }
}
