// Child process for the two-process recovery race: like two replicas' recovery scans finding the same lapsed
// leases at once. Opens the store, waits for the shared start time, claims every id concurrently as `owner`,
// and prints the ids it won.
// argv[2]: JSON { storeModule, url, ids, owner, now, startAt }
const { storeModule, url, ids, owner, now, startAt } = JSON.parse(process.argv[2]);
const { openStore } = await import(storeModule);
const store = await openStore(url);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const won = await Promise.all(ids.map((id) => store.claimLease(id, owner, now + 15_000, now)));
await store.close();
process.stdout.write(JSON.stringify(ids.filter((_, i) => won[i])));
