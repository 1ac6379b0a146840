#include "TileditICU.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>

void *tiledit_icu_word_breaker_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return iterator;
}

void tiledit_icu_word_breaker_close(void *breaker) {
    if (breaker != NULL) ubrk_close((UBreakIterator *)breaker);
}

bool tiledit_icu_word_breaker_set_text(void *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    return U_SUCCESS(status);
}

int32_t tiledit_icu_word_breaker_first(void *breaker) {
    return ubrk_first((UBreakIterator *)breaker);
}

int32_t tiledit_icu_word_breaker_next(void *breaker) {
    int32_t boundary = ubrk_next((UBreakIterator *)breaker);
    return boundary == UBRK_DONE ? -1 : boundary;
}

bool tiledit_icu_word_breaker_is_word(void *breaker) {
    return ubrk_getRuleStatus((UBreakIterator *)breaker) >= UBRK_WORD_NONE_LIMIT;
}

/// Whether `scalar` is in a script ICU breaks into words with a dictionary
/// (Line_Break Complex_Context: Thai, Lao, Myanmar, Khmer, Tai scripts);
/// only the blocks of those scripts are asked.
static bool is_complex_context(UChar32 scalar) {
    bool inBlocks = (scalar >= 0x0E00 && scalar <= 0x0EFF) || (scalar >= 0x1000 && scalar <= 0x109F)
        || (scalar >= 0x1780 && scalar <= 0x17FF) || (scalar >= 0x1950 && scalar <= 0x19DF)
        || (scalar >= 0x1A20 && scalar <= 0x1AAF) || (scalar >= 0xA9E0 && scalar <= 0xA9FF)
        || (scalar >= 0xAA60 && scalar <= 0xAADF) || (scalar >= 0x11700 && scalar <= 0x1174F);
    return inBlocks && u_getIntPropertyValue(scalar, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT;
}

TileditWordBreak tiledit_icu_word_break(int32_t scalar) {
    if (is_complex_context(scalar)) return TILEDIT_WORD_BREAK_NEEDS_ITERATOR;
    switch (u_getIntPropertyValue(scalar, UCHAR_WORD_BREAK)) {
    case U_WB_ALETTER:
        return TILEDIT_WORD_BREAK_LETTER;
    case U_WB_NUMERIC:
        return TILEDIT_WORD_BREAK_NUMERIC;
    case U_WB_EXTEND:
    case U_WB_FORMAT:
        return TILEDIT_WORD_BREAK_EXTEND;
    case U_WB_MIDLETTER:
        // ICU's root rules leave the colons out of MidLetter.
        return scalar == 0x3A || scalar == 0xFE55 || scalar == 0xFF1A ? TILEDIT_WORD_BREAK_OTHER : TILEDIT_WORD_BREAK_MID_LETTER;
    case U_WB_MIDNUM:
        return TILEDIT_WORD_BREAK_MID_NUMBER;
    case U_WB_MIDNUMLET:
    case U_WB_SINGLE_QUOTE:
        return TILEDIT_WORD_BREAK_MID_NUMBER_OR_LETTER;
    case U_WB_EXTENDNUMLET:
        return TILEDIT_WORD_BREAK_EXTEND_NUMBER_OR_LETTER;
    case U_WB_HEBREW_LETTER:
    case U_WB_ZWJ:
    case U_WB_KATAKANA:
        return TILEDIT_WORD_BREAK_NEEDS_ITERATOR;
    default:
        return TILEDIT_WORD_BREAK_OTHER;
    }
}

bool tiledit_icu_is_bigram_script_letter(int32_t scalar) {
    switch (u_charType(scalar)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
    case U_NON_SPACING_MARK:
    case U_COMBINING_SPACING_MARK:
    case U_LETTER_NUMBER:
        break;
    default:
        return false;
    }
    return uscript_hasScript(scalar, USCRIPT_HAN) || uscript_hasScript(scalar, USCRIPT_HIRAGANA)
        || uscript_hasScript(scalar, USCRIPT_KATAKANA) || uscript_hasScript(scalar, USCRIPT_HANGUL);
}

int32_t tiledit_icu_normalize(
    TileditNormalization normalization, const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity
) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *normalizer = NULL;
    switch (normalization) {
    case TILEDIT_NORMALIZATION_NFKC_CASEFOLD: normalizer = unorm2_getNFKCCasefoldInstance(&status); break;
    case TILEDIT_NORMALIZATION_NFD: normalizer = unorm2_getNFDInstance(&status); break;
    case TILEDIT_NORMALIZATION_NFC: normalizer = unorm2_getNFCInstance(&status); break;
    }
    if (U_FAILURE(status) || normalizer == NULL) return -1;
    int32_t needed = unorm2_normalize(normalizer, (const UChar *)source, length, (UChar *)destination, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return needed > capacity ? needed : capacity + 1;
    if (U_FAILURE(status)) return -1;
    return needed;
}

const char *tiledit_icu_version(void) {
    return U_ICU_VERSION;
}

const char *tiledit_icu_unicode_version(void) {
    return U_UNICODE_VERSION;
}
