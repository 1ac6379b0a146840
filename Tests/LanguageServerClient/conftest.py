"""Shared set-up of the language server client tests: the server binary,
a small Tiledown workspace, and clients connected to `tiledit lsp`."""

import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("TILEDIT_BINARY", str(REPOSITORY / ".build" / "debug" / "tiledit"))

WORKSPACE_FILES = {
    "tiledown.yml": "title: Site\nlinks.repo: https://example.org/repo\nlayout: topnav\n",
    "posts/a.md": "---\ntitle: First post\ntags: news, release\n---\n\n# First post\n\nSee [the docs][docs] and link:repo.\n\n[docs]: https://example.org/docs\n",
    "posts/b.md": "---\ntitle: Second post\ntags: howto\n---\n\nA paragraph about zebras.\n",
    "data/authors.yml": "authors:\n  - name: Ada\n",
}


@pytest.fixture(scope="session")
def workspace(tmp_path_factory) -> pathlib.Path:
    root = tmp_path_factory.mktemp("site")
    for path, text in WORKSPACE_FILES.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return root


def initialize_params(root: pathlib.Path, encodings=None) -> types.InitializeParams:
    capabilities = client_capabilities("visual-studio-code")
    if encodings is not None:
        capabilities.general = types.GeneralClientCapabilities(position_encodings=encodings)
    return types.InitializeParams(
        capabilities=capabilities,
        root_uri=root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="site")],
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient, workspace):
    await lsp_client.initialize_session(initialize_params(workspace))
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def utf8_client(lsp_client: LanguageClient, workspace):
    await lsp_client.initialize_session(initialize_params(workspace, encodings=["utf-8", "utf-16"]))
    yield
    await lsp_client.shutdown_session()


def open_document(client: LanguageClient, uri: str, text: str, language: str = "markdown", version: int = 1):
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)))


async def diagnostics(client: LanguageClient, uri: str, timeout: float = 30):
    """The diagnostics published for `uri` after the last `open_document` or `change`."""
    async def wait():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri]
    return await asyncio.wait_for(wait(), timeout)


def change(client: LanguageClient, uri: str, version: int, changes):
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=changes))


def summary(found):
    """`line:char-line:char severity code: message` for each diagnostic."""
    return [
        f"{d.range.start.line}:{d.range.start.character}-{d.range.end.line}:{d.range.end.character} "
        f"{d.severity.value} {d.code}: {d.message}" for d in found
    ]


def apply_edits(text: str, edits) -> str:
    """Applies LSP text edits (UTF-16 positions) to `text`, last first."""
    lines = text.splitlines(keepends=True) or [""]
    if text.endswith(("\n", "\r")):
        lines.append("")

    def offset(position):
        before = "".join(lines[:position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = line.encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return len(before) + len(units)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text
