/// Following another screen of a shared map: its view and slides, as its presenter moves them.
///
/// It all travels in `Presence` over the map's presence channel, never in the log: a following
/// screen says whom it follows (`Presence.following`); a screen presenting, or followed by
/// others, says what it shows (`Presence.view`, at most ten times a second); each follower shows
/// that (`showFollowed`) whenever it changes. Any touch, click, wheel or key on a following
/// screen's canvas stops following, with a banner offering to follow again; a followed screen
/// that falls silent ends it too. The classroom: a panel presents, every tablet follows, and a
/// pupil may wander off and come back.
extension Workspace {
    /// How many other screens follow this one now (the presenter's counter and the status line
    /// say so).
    public var followerCount: Int {
        guard let own = shared?.client else { return 0 }
        return presence.followers(of: own)
    }

    /// What this screen shows, as its followers are told: while it presents, or while others
    /// follow it and it follows nobody. Nil otherwise, and nothing is sent.
    var viewForFollowers: PresenterView? {
        // why: a screen that follows shows someone else's view; sending it on would let two
        // screens that chose each other at once chase each other's camera for ever.
        guard panels.presenting != nil || (panels.following == nil && followerCount > 0) else { return nil }
        return presenterView.roundedForSending
    }

    /// The people one may follow: on the map now and following nobody themselves (in a class,
    /// the presenter, not the thirty tablets following them), those presenting first.
    var peopleToFollow: [Presence] {
        presence.present.filter { $0.following == nil }.sorted { a, b in
            let (aPresents, bPresents) = (a.view?.slide != nil, b.view?.slide != nil)
            if aPresents != bPresents { return aPresents }
            return (a.name, a.client) < (b.name, b.client)
        }
    }

    /// Follow…: asks whom to follow among the people on the map, a row for each by finger.
    mutating func chooseWhomToFollow() {
        needsRedraw = true
        guard shared != nil else {
            toast("Following needs a shared map: open one with Open… ▸ Shared")
            return
        }
        let people = peopleToFollow
        guard !people.isEmpty else {
            toast(presence.present.isEmpty ? "Nobody else is on this map now"
                                           : "Nobody to follow: everyone else on this map is following someone")
            return
        }
        var dialog = Dialog(kind: .follow(people.map { FollowState(client: $0.client, name: $0.name) }), title: "Follow whom?")
        dialog.choiceRows = people.prefix(24).map { person in
            let presenting = person.view?.slide != nil ? " — presenting" : ""
            return [Dialog.Choice("Follow \(person.name)\(presenting)", .option("follow:\(person.client)"))]
        }
        dialog.message = "Their view and slides show here as they move. Touch the map to look around on your own."
        present(dialog)
    }

    /// A row of the Follow… dialog was tapped.
    mutating func chooseToFollow(_ key: String, among people: [FollowState]) -> [Request] {
        guard key.hasPrefix("follow:"), let client = Int64(key.dropFirst("follow:".count)),
              let person = people.first(where: { $0.client == client }) else { return [] }
        present(nil)
        follow(person)
        return []
    }

    /// Follows `person`'s screen from now on, showing at once what it shows, if it said. A
    /// screen that shows nobody its view yet starts to when it hears it is followed; one that
    /// does not answer within `PresenceBoard.forgetAfterSeconds` has left the map.
    mutating func follow(_ person: FollowState) {
        needsRedraw = true
        guard shared != nil else { return }
        presence.awaitWord(from: person.client, at: input.now)
        let heard = presence.person(person.client)
        panels.following = FollowState(client: person.client, name: heard?.name ?? person.name)
        toast("Following \(heard?.name ?? person.name): touch the map to look around on your own")
        if let view = heard?.view { showFollowed(view) }
    }

    /// Stops following, saying why (nil: said nothing, as when asked to); `offeringAgain`: the
    /// banner has a button to follow the same screen again.
    mutating func stopFollowing(saying reason: String?, offeringAgain: Bool = false) {
        guard let followed = panels.following else { return }
        panels.following = nil
        if panels.followedSlide != nil {
            // why: the slide's branch alone was the presenter's way of looking, not this person's.
            panels.followedSlide = nil
            if panels.focus != nil { setFocus(nil) }
        }
        if let reason {
            show(Banner(message: reason, actions: offeringAgain ? [.dismiss, .followAgain(client: followed.client, name: followed.name)] : [.dismiss]))
        }
        needsRedraw = true
    }

    /// An event on the canvas (not the chrome): a touch, click, wheel or key of this screen's
    /// own ends following, and goes on to do what it does.
    mutating func noteOwnInputWhileFollowing(_ event: InputEvent) {
        guard let followed = panels.following else { return }
        switch event {
        case .key where panels.menu != nil || panels.helpOpen:
            // why: the key is the open menu's or the help sheet's (Escape closes it), not the map's.
            break
        case .fingerDown, .mouseDown, .wheel, .key:
            stopFollowing(saying: "Stopped following \(followed.name)", offeringAgain: true)
        default:
            break
        }
    }

    /// Another screen's presence was heard (`before`: the view it showed until now): a newer
    /// view of the screen followed is shown here.
    mutating func showFollowed(heard person: Presence, before: PresenterView?) {
        guard let followed = panels.following, person.client == followed.client, let view = person.view, view != before else { return }
        showFollowed(view)
    }

    /// The screen followed fell silent (gone from the map): following ends, and says so. (Another
    /// map shown here ends it in `replaceDocument`.)
    mutating func tickFollowing(at time: Double) {
        guard let followed = panels.following, presence.isSilent(followed.client, at: time) else { return }
        stopFollowing(saying: "\(followed.name) left the map")
    }
}
