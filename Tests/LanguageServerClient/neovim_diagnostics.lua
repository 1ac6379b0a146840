-- Opens a file in Neovim (headless), starts `tiledit lsp` for it with
-- Neovim's own LSP client, waits for the diagnostics Neovim shows and
-- writes them, one `line:column severity code: message` a line (from 1),
-- to the file named by TILEDIT_NVIM_OUTPUT. Neovim 0.8 and later start the
-- client with vim.lsp.start; 0.7 (Debian 12) with vim.lsp.start_client.
local binary = os.getenv('TILEDIT_BINARY')
local output = os.getenv('TILEDIT_NVIM_OUTPUT')
local file = os.getenv('TILEDIT_NVIM_FILE')
local root = vim.fn.fnamemodify(file, ':h')

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
local config = { name = 'tiledit', cmd = { binary, 'lsp' }, root_dir = root }
if vim.lsp.start then
  vim.lsp.start(config)
else
  local client = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(buffer, client)
end

local shown = vim.wait(60000, function() return #vim.diagnostic.get(buffer) > 0 end, 20)
local lines = {}
if not shown then
  table.insert(lines, 'no diagnostics within 60 seconds')
end
local names = { 'error', 'warning', 'info', 'hint' }
local diagnostics = vim.diagnostic.get(buffer)
table.sort(diagnostics, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
for _, diagnostic in ipairs(diagnostics) do
  table.insert(lines, string.format('%d:%d %s %s: %s', diagnostic.lnum + 1, diagnostic.col + 1,
    names[diagnostic.severity] or '?', diagnostic.code or '', diagnostic.message))
end
local handle = io.open(output, 'w')
handle:write(table.concat(lines, '\n') .. '\n')
handle:close()
vim.lsp.stop_client(vim.lsp.get_active_clients())
vim.wait(5000, function() return #vim.lsp.get_active_clients() == 0 end, 20)
vim.cmd('qa!')
