print("instantsearch")
