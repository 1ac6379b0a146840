// The few ICU functions Tiledit's search uses, with plain C types.
//
// ICU renames every function with its version (`ubrk_open` is a macro for
// `ubrk_open_72`), which Swift cannot import, and Foundation on Linux
// carries its own copy of ICU's headers, whose types would clash with the
// system's in Swift code; this header names neither.
#ifndef TILEDIT_ICU_H
#define TILEDIT_ICU_H

#include <stdbool.h>
#include <stdint.h>

// MARK: Word break iteration (UAX #29, root locale)

/// A new word break iterator, or NULL when ICU cannot open one.
void *tiledit_icu_word_breaker_open(void);

void tiledit_icu_word_breaker_close(void *breaker);

/// Points `breaker` at UTF-16 `text` of `length` code units, which must stay
/// alive while the breaker is used; false on failure.
bool tiledit_icu_word_breaker_set_text(void *breaker, const uint16_t *text, int32_t length);

/// The first boundary (0).
int32_t tiledit_icu_word_breaker_first(void *breaker);

/// The next boundary (a UTF-16 offset), or -1 after the last.
int32_t tiledit_icu_word_breaker_next(void *breaker);

/// Whether the segment before the last boundary returned is a word
/// (letters, numbers, kana or ideographs: rule status 100 or above).
bool tiledit_icu_word_breaker_is_word(void *breaker);

// MARK: Character properties

/// A scalar's part in word breaking, for the search tokenizer's fast path.
typedef enum {
    /// Anything else: a boundary on both sides.
    TILEDIT_WORD_BREAK_OTHER = 0,
    /// Word_Break ALetter.
    TILEDIT_WORD_BREAK_LETTER = 1,
    /// Word_Break Numeric.
    TILEDIT_WORD_BREAK_NUMERIC = 2,
    /// Word_Break Extend or Format.
    TILEDIT_WORD_BREAK_EXTEND = 3,
    /// Word_Break MidLetter, less the colons ICU's root rules leave out.
    TILEDIT_WORD_BREAK_MID_LETTER = 4,
    /// Word_Break MidNum.
    TILEDIT_WORD_BREAK_MID_NUMBER = 5,
    /// Word_Break MidNumLet or Single_Quote.
    TILEDIT_WORD_BREAK_MID_NUMBER_OR_LETTER = 6,
    /// Word_Break ExtendNumLet.
    TILEDIT_WORD_BREAK_EXTEND_NUMBER_OR_LETTER = 7,
    /// Hebrew_Letter, ZWJ, Katakana, or a character of a script ICU breaks
    /// with a dictionary (Line_Break Complex_Context: Thai, Lao, Khmer…).
    TILEDIT_WORD_BREAK_NEEDS_ITERATOR = 8,
} TileditWordBreak;

/// The part of `scalar` in word breaking.
TileditWordBreak tiledit_icu_word_break(int32_t scalar);

/// Whether `scalar` is a letter, mark or letter number whose Script or
/// Script_Extensions holds Han, Hiragana, Katakana or Hangul.
bool tiledit_icu_is_bigram_script_letter(int32_t scalar);

// MARK: Normalization

/// Which normalization.
typedef enum {
    /// NFKC_Casefold: compatibility composition with case folding.
    TILEDIT_NORMALIZATION_NFKC_CASEFOLD = 0,
    /// NFD.
    TILEDIT_NORMALIZATION_NFD = 1,
    /// NFC.
    TILEDIT_NORMALIZATION_NFC = 2,
} TileditNormalization;

/// Normalizes UTF-16 `source` into `destination` (`capacity` code units).
/// Returns the length of the result; when it exceeds `capacity`, nothing
/// usable was written and the call is to be made again with that capacity.
/// -1 when ICU fails.
int32_t tiledit_icu_normalize(
    TileditNormalization normalization, const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity);

// MARK: Versions

/// ICU's version ("72.1").
const char *tiledit_icu_version(void);

/// The version of Unicode in ICU's data ("15.0").
const char *tiledit_icu_unicode_version(void);

#endif
