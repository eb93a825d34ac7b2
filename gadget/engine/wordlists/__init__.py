"""The word lists dealt on the phones: versioned data, a list never edited once shipped."""
