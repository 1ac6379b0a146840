/// Quitting (ARCHITECTURE.md, "View models"): at once without unsaved
/// edits, else after asking (saving every document first, or discarding
/// the edits: `QuitWork`); on SIGTERM or SIGHUP after the journal holds
/// every document's latest edits.
extension AppModel {
    /// The process was asked to end (SIGTERM, SIGHUP): the journal gets
    /// every document's latest edits, then the app quits.
    public func onReceivedTermination() async {
        await flushJournals()
        quit()
    }

    /// Waits until the journal holds every open document's latest edits.
    func flushJournals() async {
        await opened.quitWork.flushJournals()
    }

    /// Quits, or asks first when documents have unsaved edits.
    public func onTappedQuit() {
        if unsavedPaths.isEmpty { quit() } else { destination = .confirmQuit(unsavedPaths: unsavedPaths) }
    }

    /// The user answered the quit confirmation.
    ///
    /// - Parameter saving: save every unsaved document first (quitting only
    ///   when all saves succeed), or discard the edits.
    public func onConfirmedQuit(saving: Bool) async {
        guard destination?.confirmQuit != nil else { return }
        destination = nil
        guard let failure = await opened.quitWork.finish(saving: saving) else { return quit() }
        destination = .alert(failure)
    }

    /// Ends the session: every task this model started stops, then the renderer exits.
    func quit() {
        tasks.cancelAll()
        indexing.cancelAll()
        documents?.listing.stopSummarizing()
        hasQuit = true
    }
}
