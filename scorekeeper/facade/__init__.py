"""The facade's parts (games, rosters, discipline, office, rulebooks, results, season files, queries, screens,
documents, backups, mail), what they share (`core`), their errors, and the one path of every change
(`pipeline`); `scorekeeper.services.Services` holds them."""
