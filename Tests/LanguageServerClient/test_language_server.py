"""`tiledit lsp` driven by a real LSP client (pytest-lsp over pygls and lsprotocol)."""

import asyncio
import json
import os
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import BINARY, apply_edits, change, diagnostics, open_document, summary

TILE_WITH_ERRORS = ":::tile callout\nid: Bad Id\ntitle: Hello\n:::\n"


def doc(client, workspace, path):
    return (workspace / path).as_uri()


def position(line, character):
    return types.Position(line=line, character=character)


async def test_initialize_offers_every_feature_in_utf16(client):
    # The session is open; capabilities come back from initialize (pytest-lsp checks the shapes).
    uri = "untitled:note.md"
    open_document(client, uri, "# Note\n")
    assert summary(await diagnostics(client, uri)) == []


async def test_diagnostics_follow_full_and_incremental_changes(client, workspace):
    uri = doc(client, workspace, "posts/new.md")
    open_document(client, uri, TILE_WITH_ERRORS)
    assert summary(await diagnostics(client, uri)) == [
        "1:4-1:10 1 tile.invalid-id: `id` must be lowercase kebab-case (letters, digits and single hyphens), e.g. `intro-note`; found `Bad Id`",
    ]
    # Incremental: `Bad Id` → `bad-id`.
    change(client, uri, 2, [types.TextDocumentContentChangeEvent_Type1(
        range=types.Range(start=position(1, 4), end=position(1, 10)), text="bad-id")])
    assert summary(await diagnostics(client, uri)) == []
    # Full: the whole text replaced.
    change(client, uri, 3, [types.TextDocumentContentChangeEvent_Type2(text=":::tile nope\n:::\n")])
    assert summary(await diagnostics(client, uri)) == [
        "0:0-0:12 2 tile.unknown-type: unknown tile type `nope`; it is kept as written",
    ]


async def test_positions_count_utf16_units_across_astral_characters_and_line_endings(client, workspace):
    uri = doc(client, workspace, "posts/emoji.md")
    open_document(client, uri, "Intro 😀\r\n\r\n:::tile callout\r\nid: 😀 Bad\r\n:::\r\n")
    assert summary(await diagnostics(client, uri)) == [
        "3:4-3:10 1 tile.invalid-id: `id` must be lowercase kebab-case (letters, digits and single hyphens), e.g. `intro-note`; found `😀 Bad`",
    ]
    # A lone CR ends a line too, as the protocol counts lines.
    open_document(client, uri, "Intro\rmore 😀\r\n\r\n:::tile callout\r\nid: X Y\r\n:::\r\n", version=2)
    assert summary(await diagnostics(client, uri))[0].startswith("4:4-4:7 1 tile.invalid-id")


async def test_positions_are_utf8_bytes_when_the_client_offers_utf8(utf8_client, workspace):
    uri = doc(utf8_client, workspace, "posts/emoji8.md")
    open_document(utf8_client, uri, ":::tile callout\ntitle: x\nid: 😀 Bad\n:::\n")
    assert summary(await diagnostics(utf8_client, uri)) == [
        "2:4-2:12 1 tile.invalid-id: `id` must be lowercase kebab-case (letters, digits and single hyphens), e.g. `intro-note`; found `😀 Bad`",
    ]


async def test_site_configuration_and_yaml_files_get_their_diagnostics(client, workspace):
    config = doc(client, workspace, "tiledown.yml")
    open_document(client, config, (workspace / "tiledown.yml").read_text(), language="yaml")
    assert summary(await diagnostics(client, config)) == [
        "2:8-2:14 1 site-config.invalid-value: `layout` must be one of `top-nav`, `left-sidebar` (or `leftSidebar`, `topNav`); found `topnav`",
    ]
    data = doc(client, workspace, "data/authors.yml")
    open_document(client, data, "authors:\n\t- name: Ada\n", language="yaml")
    assert summary(await diagnostics(client, data)) == [
        "1:0-1:1 1 yaml.tab-indentation: tab used for indentation; YAML indentation must be spaces",
    ]


async def labels(client, uri, line, character):
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(line, character)))
    items = result.items if isinstance(result, types.CompletionList) else result
    return [item.label for item in sorted(items, key=lambda item: item.sort_text or item.label)]


async def test_completion_offers_what_the_schemas_and_the_workspace_allow(client, workspace):
    uri = doc(client, workspace, "posts/complete.md")
    text = "---\ntitle: T\ntags: news, \n---\n\n:::tile \n\n:::tile chart\ntype: bar\n\n:::\n\n:::tile chart\nlegend: \n:::\n"
    open_document(client, uri, text)
    await diagnostics(client, uri)
    assert await labels(client, uri, 5, 8) == ["callout", "counter", "embed", "chart", "mermaid", "service-form", "buttondown"]
    assert await labels(client, uri, 9, 0) == ["labels", "id", "mode", "title", "height", "legend", "series."]
    assert await labels(client, uri, 8, 6) == ["bar", "line", "pie", "doughnut", "scatter"]
    assert await labels(client, uri, 13, 8) == ["true", "false"]
    assert await labels(client, uri, 2, 12) == ["howto", "release"]
    # On the `title` line: every key but `tags`, which another line has.
    assert await labels(client, uri, 1, 0) == ["title", "description", "date", "draft", "slug", "image", "imageDark", "weight", "type", "latest"]

    config = doc(client, workspace, "tiledown.yml")
    open_document(client, config, "title: Site\nlayout: \nlay", language="yaml")
    await diagnostics(client, config)
    assert await labels(client, config, 1, 8) == ["top-nav", "left-sidebar", "leftSidebar", "topNav"]
    keys = await labels(client, config, 2, 3)
    assert "title" not in keys and "baseURL" in keys and "social.<network>" in keys


async def test_hover_documents_properties_and_tiles(client, workspace):
    uri = doc(client, workspace, "posts/hover.md")
    open_document(client, uri, ":::tile chart\ntype: bar\nlabels: A, B\nseries.X: 1, 2\nheight: 300\n:::\n")
    await diagnostics(client, uri)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(1, 1)))
    assert hover.contents.value == "**type** (one of bar, line, pie, doughnut, scatter), required\n\nKind of chart\n\nAllowed: `bar`, `line`, `pie`, `doughnut`, `scatter`"
    assert (hover.range.start.line, hover.range.start.character, hover.range.end.character) == (1, 0, 4)
    tile = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(0, 3)))
    assert tile.contents.value.startswith("**tile chart**: A bar, line, pie, doughnut or scatter chart")


async def code_actions(client, uri, line, character, diagnostics_at=()):
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=position(line, character), end=position(line, character)),
        context=types.CodeActionContext(diagnostics=list(diagnostics_at))))


async def test_code_actions_fix_insert_and_format(client, workspace):
    uri = doc(client, workspace, "posts/actions.md")
    text = ":::tile callout\ntitle: Hello\nid: Bad Id\n:::\n"
    open_document(client, uri, text)
    found = await diagnostics(client, uri)
    actions = await code_actions(client, uri, 2, 5, found)
    titles = [action.title for action in actions]
    # A tile with an error is not formatted until it is fixed.
    assert titles[:1] == ["Use `bad-id`"]
    assert titles[1:] == ["Insert tile callout", "Insert tile counter", "Insert tile embed", "Insert tile chart",
                          "Insert tile mermaid", "Insert tile service-form", "Insert tile buttondown"]
    fix = actions[0]
    assert fix.kind == "quickfix" and summary(fix.diagnostics) == summary(found)
    assert apply_edits(text, fix.edit.changes[uri]) == ":::tile callout\ntitle: Hello\nid: bad-id\n:::\n"
    # The tile's invalid id keeps the formatter away until it is fixed.
    fixed = apply_edits(text, fix.edit.changes[uri])
    change(client, uri, 2, [types.TextDocumentContentChangeEvent_Type2(text=fixed)])
    await diagnostics(client, uri)
    actions = await code_actions(client, uri, 1, 0)
    form = next(action for action in actions if action.title == "Format this tile")
    assert apply_edits(fixed, form.edit.changes[uri]) == ":::tile callout\nid: bad-id\ntitle: Hello\n:::\n"
    insert = next(action for action in actions if action.title == "Insert tile counter")
    assert apply_edits(fixed, insert.edit.changes[uri]) == fixed + "\n:::tile counter\nid: counter-1\nlabel: Clicks\n:::\n"


async def test_formatting_returns_minimal_edits_never_the_whole_document(client, workspace):
    uri = doc(client, workspace, "posts/format.md")
    text = "# Title\n\nKeep this line.\n\n* one\n* two\n\nAnd __strong__ text.\n\n:::chart\ntitle: T\ntype: bar\nlabels: A, B\nseries.X: 1, 2\n:::\n"
    open_document(client, uri, text)
    await diagnostics(client, uri)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    expected = "# Title\n\nKeep this line.\n\n- one\n- two\n\nAnd **strong** text.\n\n:::tile chart\ntype: bar\nlabels: A, B\ntitle: T\nseries.X: 1, 2\n:::\n"
    assert apply_edits(text, edits) == expected
    # Only changed lines: no edit touches lines 0-3 (unchanged), none spans the document.
    assert all(edit.range.start.line >= 4 for edit in edits)
    assert all(edit.range.end.line - edit.range.start.line <= 2 for edit in edits)
    ranged = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=position(7, 0), end=position(7, 3)),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert apply_edits(text, ranged) == text.replace("__strong__", "**strong**")


async def test_outline_folding_workspace_symbols_and_definitions(client, workspace):
    uri = doc(client, workspace, "posts/a.md")
    text = (workspace / "posts/a.md").read_text() + "\n## Part\n\n:::tile callout\ntitle: T\n:::\n"
    open_document(client, uri, text)
    await diagnostics(client, uri)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    outline = [(symbol.name, [child.name for child in symbol.children or []]) for symbol in symbols]
    assert outline == [("front matter", ["title", "tags"]), ("First post", ["Part"])]
    part = symbols[1].children[0]
    assert [child.name for child in part.children] == ["tile callout"]

    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert sorted((fold.start_line, fold.end_line) for fold in folds) == [(0, 3), (5, 15), (11, 15), (13, 15)]

    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="zebras"))
    assert [(symbol.name, symbol.location.uri, symbol.location.range.start.line) for symbol in found] == [
        ("Second post: A paragraph about zebras.", doc(client, workspace, "posts/b.md"), 5)]

    # `[the docs][docs]` → `[docs]: …`; `link:repo` → `links.repo` in tiledown.yml.
    reference = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(7, 16)))
    assert (reference.uri, reference.range.start.line, reference.range.start.character) == (uri, 9, 0)
    link = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(7, 28)))
    assert (link.uri, link.range.start.line) == (doc(client, workspace, "tiledown.yml"), 1)


async def test_a_cancelled_request_stops_with_request_cancelled(client, workspace):
    uri = doc(client, workspace, "posts/big.md")
    paragraph = "Some __strong__ and _emphasis_ words in a paragraph that the formatter rewrites.\n\n"
    open_document(client, uri, paragraph * 10000)
    await diagnostics(client, uri, timeout=60)
    future = client.protocol.send_request(types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    request_id = next(key for key, value in client.protocol._request_futures.items() if value is future)
    client.cancel_request(types.CancelParams(id=request_id))
    with pytest.raises(JsonRpcException) as raised:
        await asyncio.wait_for(asyncio.wrap_future(future), 60)
    assert raised.value.code == -32800
    # The server goes on answering.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position(0, 0)))
    assert hover is None


def frame(message) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(output: bytes):
    messages = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        output = rest[length:]
    return messages


def run_raw(frames, timeout=60):
    """Runs the server over raw pipes: writes `frames`, closes its input, returns (status, messages)."""
    process = subprocess.run([BINARY, "lsp"], input=b"".join(frames), capture_output=True, timeout=timeout)
    return process.returncode, read_messages(process.stdout)


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}


def test_malformed_messages_get_error_responses_and_never_crash_the_server():
    status, messages = run_raw([
        frame(INITIALIZE),
        frame(b"{not json"),
        b"Content-Type: text/plain\r\n\r\n",
        frame([1, 2]),
        frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/unknown", "params": {}}),
        frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {}}),
        frame({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}),
        frame({"jsonrpc": "2.0", "method": "exit"}),
    ])
    errors = [(message.get("id"), message["error"]["code"]) for message in messages if "error" in message]
    assert errors == [(None, -32700), (None, -32700), (None, -32600), (2, -32601), (3, -32602)]
    assert status == 0


def test_the_server_exits_when_the_client_goes_away():
    status, messages = run_raw([frame(INITIALIZE)])
    assert [message["id"] for message in messages] == [1]
    assert status == 1  # no shutdown before the end of input


def resident_kilobytes(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def read_message(stream):
    """One framed message from `stream`."""
    length = None
    while True:
        line = stream.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    assert length is not None, "the server closed its output"
    return json.loads(stream.read(length))


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="resident memory is read from /proc")
def test_memory_stays_bounded_when_documents_open_and_close():
    process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    text = ":::tile callout\nid: x\n:::\n\nSome text.\n\n" * 1000

    def cycle(start, count):
        """Opens and closes `count` documents, then waits for the server to answer a request sent after them."""
        for number in range(start, start + count):
            uri = f"file:///tmp/memory/{number}.md"
            process.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}}))
            process.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}}))
        process.stdin.write(frame({"jsonrpc": "2.0", "id": start, "method": "workspace/symbol", "params": {"query": "x"}}))
        process.stdin.flush()
        while read_message(process.stdout).get("id") != start:
            pass

    process.stdin.write(frame(INITIALIZE))
    cycle(0, 10)
    first = resident_kilobytes(process.pid)
    cycle(10, 30)
    second = resident_kilobytes(process.pid)
    process.stdin.close()
    assert process.wait(timeout=120) == 1
    # 30 more documents of 30 KB opened and closed (held, they would take
    # well over 10 MB): the server holds none of them.
    assert second - first < 8_000, (first, second)
