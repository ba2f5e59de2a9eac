def write(card, title):
    raise NotImplementedError
