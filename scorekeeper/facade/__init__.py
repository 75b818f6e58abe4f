"""The facade's parts (games, roster, discipline, office, rulebooks, queries), its errors and the one path of
every change; `scorekeeper.services.Services` holds them."""
