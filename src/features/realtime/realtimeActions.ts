import { createAction } from '@reduxjs/toolkit';

/** An event on the property's private channel other than `property-updated` (call signalling). */
export const channelEventReceived = createAction<{ event: string; data: unknown }>('realtime/channelEventReceived');
export const channelSubscriptionFailed = createAction('realtime/subscriptionFailed');

export const propertyChannelName = (propertyId: number): string => `private-telephone-entry-property-${propertyId}`;
