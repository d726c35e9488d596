// Shared byte-level helpers for the NibKit modules.
