import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  OfflinePaymentAnswerSchema,
  OpenOfflineOrderListSchema,
  OrderCancelAnswerSchema,
  OrderRefundAnswerSchema,
  type OpenOfflineOrderList,
} from '@core/membership/membership-orders';
import { MembershipFiguresSchema, type MembershipFigures } from '@core/membership/membership-figures';
import type { MembershipCategory } from '@core/membership/membership-category';
import type { MembershipCategoryFormValues, MembershipSettingsFormValues } from '@core/membership/membership-forms';
import {
  MembershipCategoryAnswerSchema,
  MembershipCategoryListSchema,
  MembershipSettingsAnswerSchema,
  type MembershipSettingsAnswer,
} from '@core/membership/membership-schema';
import { apiGet, apiPost, apiPut } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useReadAgainAfter } from '../../../../admin/shared/api/admin-query';

/** The categories, withdrawn ones too, by name (members:write). */
export async function listCategories(): Promise<MembershipCategory[]> {
  return (await apiGet('/api/admin/membership/categories', MembershipCategoryListSchema)).categories;
}

export function getMembershipSettings(): Promise<MembershipSettingsAnswer> {
  return apiGet('/api/admin/membership/settings', MembershipSettingsAnswerSchema);
}

export const categoriesQueryOptions = () => adminQueryOptions(['membership', 'categories'], listCategories);
export const membershipSettingsQueryOptions = () => adminQueryOptions(['membership', 'settings'], getMembershipSettings);

/** After a change of a category: the admin's list and the joining page's offer are read again. */
const CATEGORIES_CHANGED = [
  ['admin', 'membership', 'categories'],
  ['membership', 'categories'],
];

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function useMembershipSettings() {
  return useQuery(membershipSettingsQueryOptions());
}

export async function createCategory(values: MembershipCategoryFormValues): Promise<MembershipCategory> {
  return (await apiPost('/api/admin/membership/categories', values, MembershipCategoryAnswerSchema)).category;
}

export async function updateCategory({ id, values }: { id: string; values: MembershipCategoryFormValues }): Promise<MembershipCategory> {
  return (await apiPut(`/api/admin/membership/categories/${encodeURIComponent(id)}`, values, MembershipCategoryAnswerSchema)).category;
}

export function saveMembershipSettings(values: MembershipSettingsFormValues): Promise<MembershipSettingsAnswer> {
  return apiPut('/api/admin/membership/settings', values, MembershipSettingsAnswerSchema);
}

export function useCreateCategory(config: MutationConfig<MembershipCategory, MembershipCategoryFormValues> = {}) {
  return useMutation({ ...config, mutationFn: createCategory, onSuccess: useReadAgainAfter(CATEGORIES_CHANGED, config) });
}

export function useUpdateCategory(config: MutationConfig<MembershipCategory, { id: string; values: MembershipCategoryFormValues }> = {}) {
  return useMutation({ ...config, mutationFn: updateCategory, onSuccess: useReadAgainAfter(CATEGORIES_CHANGED, config) });
}

export function useSaveMembershipSettings(config: MutationConfig<MembershipSettingsAnswer, MembershipSettingsFormValues> = {}) {
  return useMutation({ ...config, mutationFn: saveMembershipSettings, onSuccess: useReadAgainAfter([['admin', 'membership', 'settings']], config) });
}

/** The open orders to be paid in cash or by transfer, oldest first (members:write). */
export async function listOpenOfflineOrders(): Promise<OpenOfflineOrderList['orders']> {
  return (await apiGet('/api/admin/membership/orders', OpenOfflineOrderListSchema)).orders;
}

export const openOfflineOrdersQueryOptions = () => adminQueryOptions(['membership', 'orders'], listOpenOfflineOrders);

export function useOpenOfflineOrders() {
  return useQuery(openOfflineOrdersQueryOptions());
}

type OfflinePayment = { orderId: string; method: 'cash' | 'transfer' };

/** Confirms a cash or transfer payment: the member's renewal date moves once. */
export function markOrderPaid({ orderId, method }: OfflinePayment): Promise<z.infer<typeof OfflinePaymentAnswerSchema>> {
  return apiPost(`/api/admin/membership/orders/${encodeURIComponent(orderId)}/paid`, { method }, OfflinePaymentAnswerSchema);
}

export function useMarkOrderPaid(config: MutationConfig<z.infer<typeof OfflinePaymentAnswerSchema>, OfflinePayment> = {}) {
  return useMutation({
    ...config,
    mutationFn: markOrderPaid,
    onSuccess: useReadAgainAfter(
      [
        ['admin', 'membership', 'orders'],
        ['admin', 'membership', 'figures'],
      ],
      config,
    ),
  });
}

/** What cancelling an open cash or transfer order takes: the order, and the member's name for the notice. */
export type OrderToCancel = { orderId: string; name: string };

/** Cancels an open cash or transfer order the member will not pay: it leaves the list. */
export function cancelOrder({ orderId }: OrderToCancel): Promise<z.infer<typeof OrderCancelAnswerSchema>> {
  return apiPost(`/api/admin/membership/orders/${encodeURIComponent(orderId)}/cancel`, undefined, OrderCancelAnswerSchema);
}

export function useCancelOrder(config: MutationConfig<z.infer<typeof OrderCancelAnswerSchema>, OrderToCancel> = {}) {
  return useMutation({ ...config, mutationFn: cancelOrder, onSuccess: useReadAgainAfter([['admin', 'membership', 'orders']], config) });
}

/** A membership year's figures, the current one when `year` is null (members:write; the money only with bookings:write too). */
export function getMembershipFigures(year: number | null = null): Promise<MembershipFigures> {
  return apiGet(`/api/admin/membership/figures${year === null ? '' : `?year=${year}`}`, MembershipFiguresSchema);
}

export const membershipFiguresQueryOptions = (year: number | null = null) =>
  adminQueryOptions(['membership', 'figures', year ?? 'current'], () => getMembershipFigures(year));

export function useMembershipFigures(year: number | null = null) {
  return useQuery(membershipFiguresQueryOptions(year));
}

/** The CSV download of a membership year's payments and refunds. */
export function membershipPaymentsCsvUrl(year: number): string {
  return `/api/admin/membership/payments.csv?year=${year}`;
}

/** Refunds a paid order in full (a card through the payment provider; cash or transfer recorded as handed back). */
export function refundOrder(order: { id: string }): Promise<z.infer<typeof OrderRefundAnswerSchema>> {
  return apiPost(`/api/admin/membership/orders/${encodeURIComponent(order.id)}/refund`, {}, OrderRefundAnswerSchema);
}

export function useRefundOrder(config: MutationConfig<z.infer<typeof OrderRefundAnswerSchema>, { id: string }> = {}) {
  return useMutation({ ...config, mutationFn: refundOrder, onSuccess: useReadAgainAfter([['admin', 'membership', 'figures']], config) });
}
