/**
 * Shopify's calculated query cost and leaky bucket, as its rate-limit documentation states them:
 * a scalar or enum costs 0, an object 1, a connection 2 plus its page size times the cost of a
 * node, a mutation 10. A query is priced before it runs (`requestedQueryCost`, from `first`/`last`)
 * and charged what it returned (`actualQueryCost`); one query may cost at most 1,000, and a query
 * that costs more than the bucket holds is THROTTLED, answered 200 with no data.
 */
import {
  getNamedType,
  isLeafType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

export const MAX_QUERY_COST = 1000;
export const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };
const MUTATION_COST = 10;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

const argument = (field: FieldNode, name: string, w: Walk): number | null => {
  const node = field.arguments?.find((a) => a.name.value === name)?.value;
  const value = (n: ValueNode | undefined): unknown =>
    n?.kind === Kind.INT ? Number(n.value) : n?.kind === Kind.VARIABLE ? w.variables[n.name.value] : null;
  const v = value(node);
  return typeof v === 'number' ? v : null;
};

/** The fields a selection set picks on `type`, through fragments (a fragment's own type when it names one). */
function* fieldsOf(
  set: SelectionSetNode,
  type: GraphQLCompositeType,
  w: Walk,
): Generator<{ field: FieldNode; parent: GraphQLCompositeType }> {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) yield { field: s, parent: type };
    else {
      const fragment = s.kind === Kind.INLINE_FRAGMENT ? s : w.fragments[s.name.value];
      if (!fragment) continue;
      const on = fragment.typeCondition ? w.schema.getType(fragment.typeCondition.name.value) : type;
      yield* fieldsOf(fragment.selectionSet, (on as GraphQLCompositeType) ?? type, w);
    }
  }
}

/**
 * The cost of a selection on `type`. Without `data` it is the price asked before running (pages
 * as large as `first`/`last`); with the answer's data it is what the answer actually holds.
 */
function selectionCost(set: SelectionSetNode, type: GraphQLCompositeType, w: Walk, data?: unknown): number {
  let total = 0;
  for (const { field, parent } of fieldsOf(set, type, w)) {
    if (field.name.value.startsWith('__') || !('getFields' in parent)) continue;
    const def = parent.getFields()[field.name.value];
    if (!def) continue;
    const named = getNamedType(def.type);
    if (isLeafType(named) || !field.selectionSet) continue;
    const value =
      data === undefined
        ? undefined
        : (data as Record<string, unknown> | null)?.[field.alias?.value ?? field.name.value];
    if (data !== undefined && (value === null || value === undefined)) continue;
    if (isObjectType(named) && named.name.endsWith('Connection')) {
      const page = value as { edges?: { node?: unknown }[]; nodes?: unknown[] } | undefined;
      const size =
        data === undefined
          ? (argument(field, 'first', w) ?? argument(field, 'last', w) ?? 0)
          : (page?.nodes?.length ?? page?.edges?.length ?? 0);
      total += 2 + size * nodeCost(field.selectionSet, named, w, page);
    } else if (Array.isArray(value)) {
      total += value.reduce(
        (t: number, item) => t + 1 + selectionCost(field.selectionSet!, named as GraphQLCompositeType, w, item),
        0,
      );
    } else total += 1 + selectionCost(field.selectionSet, named as GraphQLCompositeType, w, value);
  }
  return total;
}

/** One node of a connection: its `nodes`/`edges { node }` selections (pageInfo and cursors are free). */
function nodeCost(
  set: SelectionSetNode,
  connection: GraphQLCompositeType,
  w: Walk,
  page?: { edges?: { node?: unknown }[]; nodes?: unknown[] },
): number {
  let per = 0;
  for (const { field, parent } of fieldsOf(set, connection, w)) {
    if (!('getFields' in parent) || !field.selectionSet) continue;
    const named = getNamedType(parent.getFields()[field.name.value]?.type);
    if (field.name.value === 'nodes') {
      const items = page?.nodes ?? [];
      per += page
        ? items.reduce(
            (t: number, n) => t + 1 + selectionCost(field.selectionSet!, named as GraphQLCompositeType, w, n),
            0,
          ) / Math.max(items.length, 1)
        : 1 + selectionCost(field.selectionSet, named as GraphQLCompositeType, w);
    } else if (field.name.value === 'edges') {
      for (const e of fieldsOf(field.selectionSet, named as GraphQLCompositeType, w)) {
        if (e.field.name.value !== 'node' || !e.field.selectionSet || !('getFields' in e.parent)) continue;
        const nodeType = getNamedType(e.parent.getFields().node.type) as GraphQLCompositeType;
        const items = (page?.edges ?? []).map((x) => x.node);
        per += page
          ? items.reduce((t: number, n) => t + 1 + selectionCost(e.field.selectionSet!, nodeType, w, n), 0) /
            Math.max(items.length, 1)
          : 1 + selectionCost(e.field.selectionSet, nodeType, w);
      }
    }
  }
  return per;
}

/** What an operation costs: before it runs, or (with its data) what it came to. */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  data?: unknown,
): number {
  const w: Walk = { schema, fragments, variables };
  if (operation.operation === 'mutation') return MUTATION_COST * operation.selectionSet.selections.length;
  return Math.round(selectionCost(operation.selectionSet, schema.getQueryType()!, w, data ?? undefined));
}

/** A shop's bucket: full at first, draining by what calls cost, refilling at the restore rate. */
export class CostBuckets {
  private readonly buckets = new Map<string, { available: number; at: number }>();

  /** What the shop's bucket holds now. */
  available(shop: string, now: number): number {
    const b = this.buckets.get(shop);
    if (!b) return BUCKET.maximumAvailable;
    return Math.min(BUCKET.maximumAvailable, b.available + ((now - b.at) / 1000) * BUCKET.restoreRate);
  }

  /** Takes `cost` if the bucket holds it; false (and nothing taken) when it does not. */
  take(shop: string, cost: number, now: number): boolean {
    const available = this.available(shop, now);
    if (cost > available) return false;
    this.buckets.set(shop, { available: available - cost, at: now });
    return true;
  }

  /** Gives back what was asked for but not used. */
  refund(shop: string, amount: number, now: number): void {
    this.buckets.set(shop, {
      available: Math.min(BUCKET.maximumAvailable, this.available(shop, now) + amount),
      at: now,
    });
  }
}

export const throttleStatus = (currentlyAvailable: number) => ({
  ...BUCKET,
  currentlyAvailable: Math.floor(currentlyAvailable),
});
